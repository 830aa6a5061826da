// The only reader of process.env. Every variable is validated here; a bad value stops the start with a
// message naming the variable. Unset values fall back to the embedded defaults (docs/architecture.md).
import { hostname } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_DOCUMENT_MAX_BYTES,
  DEFAULT_IMAGE_MAX_BYTES,
  DEFAULT_LAB_STORAGE_QUOTA_BYTES,
  DEFAULT_MEDIA_BUILD_LIMITS,
  iceServerSchema,
} from '@lablive/domain';
import { z } from 'zod';

/** The repository root, so that defaults do not depend on the directory the process was started in. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

const duration = z.coerce.number().int().positive();
const optionalUrl = (protocols: RegExp) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ protocol: protocols }).optional());

/** A secret that may be set empty (a compose file passes unset variables as ''): empty is unset. */
const optionalSecret = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** A JSON array of RTCIceServer for the browser mesh (STUN/TURN); unset is none: peers on one network. */
const iceServers = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): unknown => {
    if (value === undefined || value === '') return [];
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of RTCIceServer objects' });
      return z.NEVER;
    }
  })
  .pipe(z.array(iceServerSchema, { error: 'must be a JSON array of RTCIceServer objects' }));

const envSchema = z
  .object({
    // production also refuses media pages on this machine (development serves them locally).
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Prometheus metrics on a listener of their own, loopback by default, never on the app's port.
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464).describe('0: no metrics listener'),
    PUBLIC_URL: optionalUrl(/^https?$/),
    DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data')),
    // The largest document a lab may upload (bytes); 50 MB by default.
    DOCUMENT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(2 ** 40)
      .default(DEFAULT_DOCUMENT_MAX_BYTES),
    // The largest picture (a group's, an avatar) one may upload (bytes); 5 MB by default.
    IMAGE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(2 ** 40)
      .default(DEFAULT_IMAGE_MAX_BYTES),
    // A media's build (a zip): its largest upload (200 MB), its entries, and what it may weigh once
    // extracted (1 GB), so a zip bomb is refused before anything is written.
    MEDIA_BUILD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(2 ** 40)
      .default(DEFAULT_MEDIA_BUILD_LIMITS.maxBytes),
    MEDIA_BUILD_MAX_ENTRIES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(DEFAULT_MEDIA_BUILD_LIMITS.maxEntries),
    MEDIA_BUILD_MAX_UNPACKED_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(2 ** 42)
      .default(DEFAULT_MEDIA_BUILD_LIMITS.maxUnpackedBytes),
    // What one lab's documents and media builds (extracted) may hold together on disk; 5 GB by default.
    LAB_STORAGE_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(2 ** 50)
      .default(DEFAULT_LAB_STORAGE_QUOTA_BYTES),
    DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    NATS_URL: optionalUrl(/^(nats|tls|wss?)$/),
    SMTP_URL: optionalUrl(/^smtps?$/),
    MAIL_FROM: z.string().min(3).default('LabLive <no-reply@lablive.local>'),
    OPENTOK_API_KEY: z.string().trim().min(1).optional(),
    OPENTOK_API_SECRET: z.string().trim().min(1).optional(),
    ICE_SERVERS: iceServers,
    // The media server (docs/operations.md "Video through a media server"): Janus's API WebSocket, its
    // API secret and its VideoRoom admin key. Set, every room's video goes through it.
    JANUS_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value.split(',').map((url) => url.trim()) : undefined))
      .pipe(
        z
          .array(z.url({ protocol: /^wss?$/ }), { error: 'ws:// or wss:// addresses, separated by commas' })
          .min(1)
          .optional(),
      ),
    JANUS_API_SECRET: optionalSecret,
    JANUS_ADMIN_KEY: optionalSecret,
    ACCESS_TOKEN_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    // The key the ledger signs checkpoints with (docs/operations.md, "Tamper evidence"): a note signer
    // key, PRIVATE+KEY+<name>+<key id>+<base64>. Generated into DATA_DIR when unset.
    LEDGER_SIGNING_KEY: z
      .string()
      .trim()
      .regex(/^PRIVATE\+KEY\+[^\s+]+\+[0-9a-f]{8}\+[A-Za-z0-9+/=]+$/, {
        error: 'must be a note signer key: PRIVATE+KEY+<name>+<8 hex digits>+<base64> (npm run ledger-key)',
      })
      .optional(),
    ACCESS_TOKEN_TTL_SECONDS: duration.default(15 * 60),
    REFRESH_TOKEN_TTL_SECONDS: duration.default(30 * 24 * 3600),
    RESET_TOKEN_TTL_SECONDS: duration.default(3600),
    INVITATION_TOKEN_TTL_SECONDS: duration.default(30 * 24 * 3600),
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    SEED_DEMO_DATA: z
      .enum(['auto', 'true', 'false'])
      .default('auto')
      .describe('auto: seed an empty embedded database only'),
    WEB_DIST_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
    TRUST_PROXY: z.stringbool().default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Scale-out (docs/operations.md). The name tells instances apart in logs, metrics and NATS.
    INSTANCE_NAME: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: 'letters, digits, _ . - only (at most 64)' })
      .optional(),
    // Two deployments sharing one NATS never see each other's room subjects. Unset: derived from the
    // database name, so deployments on different databases are apart without configuration.
    BUS_SUBJECT_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, { error: 'dot-separated tokens of letters, digits, _ -' })
      .optional(),
    // How long readiness answers 503 before the sockets are closed, for the load balancer to notice.
    DRAIN_NOTICE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    // The bound on waiting for commands in flight and for the sockets' departures during a drain.
    DRAIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    // How long an instance must be gone before the rooms drop the connections it had (presenceSweep.ts).
    PRESENCE_SWEEP_AFTER_MS: z.coerce.number().int().min(500).max(600_000).default(45_000),
    // How long a room with nobody connected and no command stays in memory (rooms/quietRooms.ts).
    ROOM_QUIET_UNLOAD_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
    // Commands waiting for one room's host, and for all of an instance's hosts, before new ones are
    // answered `overloaded` (rooms/hostAdmission.ts).
    ROOM_WAITING_COMMANDS_MAX: z.coerce.number().int().min(10).max(1_000_000).default(2_000),
    INSTANCE_WAITING_COMMANDS_MAX: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
    // How long a room just taken counts for its invited guests in its instance's load, before they
    // arrive (rooms/roomPlacement.ts); then only the people connected count.
    PLACEMENT_NEW_ROOM_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
    // How many people more than the least loaded instance an instance may carry and still take a new
    // room itself rather than place it elsewhere (rooms/roomPlacement.ts).
    PLACEMENT_SLACK: z.coerce.number().int().min(0).max(100_000).default(20),
  })
  .superRefine((env, ctx) => {
    if ((env.OPENTOK_API_KEY === undefined) !== (env.OPENTOK_API_SECRET === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.OPENTOK_API_KEY === undefined ? 'OPENTOK_API_KEY' : 'OPENTOK_API_SECRET'],
        message: 'OPENTOK_API_KEY and OPENTOK_API_SECRET are set together or not at all',
      });
    }
    if (env.JANUS_URL !== undefined) {
      for (const name of ['JANUS_API_SECRET', 'JANUS_ADMIN_KEY'] as const)
        if (env[name] === undefined)
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required with JANUS_URL' });
      if (env.OPENTOK_API_KEY !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['JANUS_URL'],
          message: 'video goes through OpenTok or through Janus: set OPENTOK_API_KEY or JANUS_URL, not both',
        });
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL !== undefined && !env.ACCESS_TOKEN_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['ACCESS_TOKEN_SECRET'],
        message: 'is required in production with an external database (instances must share it)',
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string; INSTANCE_NAME: string };

export class ConfigError extends Error {
  readonly issues: string[];

  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** Parses an environment (process.env by default). Throws ConfigError naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.') || 'environment';
        const value = typeof issue.path[0] === 'string' ? source[issue.path[0]] : undefined;
        const shown = value === undefined || /SECRET/.test(name) ? '' : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const env = result.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    INSTANCE_NAME: env.INSTANCE_NAME ?? `${hostname()}-${process.pid}`.replace(/[^A-Za-z0-9_.-]/g, '-'),
  };
}
