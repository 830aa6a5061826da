import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv, REPO_ROOT } from './env.ts';

describe('loadEnv', () => {
  it('falls back to the embedded defaults when nothing is set', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: `${REPO_ROOT}/.data`,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.NATS_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('names every bad variable, and hides secret values', () => {
    let error: unknown;
    try {
      loadEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db',
        NATS_URL: 'http://x',
        ACCESS_TOKEN_SECRET: 'short',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'NATS_URL', 'ACCESS_TOKEN_SECRET'])
      expect(message).toContain(name);
    expect(message).toContain('(got "eighty")');
    expect(message).not.toContain('short"');
  });

  it('serves metrics on a loopback listener of their own by default, or none with METRICS_PORT=0', () => {
    expect(loadEnv({})).toMatchObject({ METRICS_HOST: '127.0.0.1', METRICS_PORT: 9464 });
    expect(loadEnv({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' })).toMatchObject({
      METRICS_HOST: '0.0.0.0',
      METRICS_PORT: 0,
    });
    expect(() => loadEnv({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('needs both OpenTok variables or neither', () => {
    expect(() => loadEnv({ OPENTOK_API_KEY: 'key' })).toThrow(/OPENTOK_API_SECRET/);
    expect(loadEnv({ OPENTOK_API_KEY: 'key', OPENTOK_API_SECRET: 'secret' }).OPENTOK_API_KEY).toBe('key');
  });

  it('reads ICE_SERVERS as a JSON array of RTCIceServer, none by default', () => {
    expect(loadEnv({}).ICE_SERVERS).toEqual([]);
    const servers = [{ urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'c' }];
    expect(loadEnv({ ICE_SERVERS: JSON.stringify(servers) }).ICE_SERVERS).toEqual(servers);
    expect(() => loadEnv({ ICE_SERVERS: 'stun:x' })).toThrow(/ICE_SERVERS/);
    expect(() => loadEnv({ ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/ICE_SERVERS/);
  });

  it('names the instance and checks the scale-out settings', () => {
    expect(loadEnv({}).INSTANCE_NAME).toMatch(/^[A-Za-z0-9_.-]+$/);
    const env = loadEnv({
      INSTANCE_NAME: 'lablive-2',
      BUS_SUBJECT_PREFIX: 'lablive.prod',
      DRAIN_NOTICE_MS: '2000',
    });
    expect(env).toMatchObject({
      INSTANCE_NAME: 'lablive-2',
      BUS_SUBJECT_PREFIX: 'lablive.prod',
      DRAIN_NOTICE_MS: 2000,
    });
    expect(env.DRAIN_TIMEOUT_MS).toBe(5000);
    expect(() => loadEnv({ BUS_SUBJECT_PREFIX: 'room.>' })).toThrow(/BUS_SUBJECT_PREFIX/);
    expect(() => loadEnv({ INSTANCE_NAME: 'a b' })).toThrow(/INSTANCE_NAME/);
  });

  it('unloads quiet rooms after 10 minutes and bounds waiting commands, unless told otherwise', () => {
    expect(loadEnv({})).toMatchObject({
      ROOM_QUIET_UNLOAD_MS: 600_000,
      ROOM_WAITING_COMMANDS_MAX: 2_000,
      INSTANCE_WAITING_COMMANDS_MAX: 50_000,
    });
    expect(
      loadEnv({
        ROOM_QUIET_UNLOAD_MS: '60000',
        ROOM_WAITING_COMMANDS_MAX: '500',
        INSTANCE_WAITING_COMMANDS_MAX: '9000',
      }),
    ).toMatchObject({
      ROOM_QUIET_UNLOAD_MS: 60_000,
      ROOM_WAITING_COMMANDS_MAX: 500,
      INSTANCE_WAITING_COMMANDS_MAX: 9_000,
    });
    expect(() => loadEnv({ ROOM_QUIET_UNLOAD_MS: '10' })).toThrow(/ROOM_QUIET_UNLOAD_MS/);
    expect(() => loadEnv({ ROOM_WAITING_COMMANDS_MAX: 'many' })).toThrow(/ROOM_WAITING_COMMANDS_MAX/);
  });

  it('accepts real services and trims a trailing slash of PUBLIC_URL', () => {
    const env = loadEnv({
      DATABASE_URL: 'postgres://u@db:5432/lablive',
      NATS_URL: 'nats://nats:4222',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://live.example.org/',
    });
    expect(env.PUBLIC_URL).toBe('https://live.example.org');
    expect(env.NATS_URL).toBe('nats://nats:4222');
  });

  it('takes one or several media servers, each with the secrets, and never beside OpenTok', () => {
    const secrets = { JANUS_API_SECRET: 'api', JANUS_ADMIN_KEY: 'admin' };
    expect(loadEnv({ JANUS_URL: 'ws://janus-a:8188, wss://janus-b/janus', ...secrets }).JANUS_URL).toEqual([
      'ws://janus-a:8188',
      'wss://janus-b/janus',
    ]);
    expect(loadEnv({}).JANUS_URL).toBeUndefined();
    expect(() => loadEnv({ JANUS_URL: 'http://janus:8088', ...secrets })).toThrow(/JANUS_URL/);
    expect(() => loadEnv({ JANUS_URL: 'ws://janus:8188' })).toThrow(
      /JANUS_API_SECRET.*required with JANUS_URL/s,
    );
    expect(() =>
      loadEnv({ JANUS_URL: 'ws://janus:8188', ...secrets, OPENTOK_API_KEY: 'k', OPENTOK_API_SECRET: 's' }),
    ).toThrow(/not both/);
  });
});
