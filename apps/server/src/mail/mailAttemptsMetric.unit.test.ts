// Each attempt at handing a mail over reaches Prometheus as sent or failed, for the alert on a mail server
// that refuses (docs/operations.md, "Job queue (mails)"): a real outbox file for the sent one, nodemailer
// against a port nothing listens on for the failed one.
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServerMetrics } from '../observability/metrics.ts';
import { countedMailer, createOutboxMailer, createSmtpMailer } from './mailer.ts';

const MAIL = { to: 'guest@lablive.test', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };
const FROM = 'LabLive <no-reply@lablive.test>';

/** A port that was free a moment ago: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('the mail attempts counter', () => {
  it('counts sent and failed attempts, both series there from the start', async () => {
    const metrics = createServerMetrics({ instance: 'lablive-1' });
    const before = await metrics.registry.metrics();
    expect(before).toContain('lablive_mail_attempts_total{outcome="failed",instance="lablive-1"} 0');

    const dir = await mkdtemp(path.join(tmpdir(), 'lablive-mail-metric-'));
    try {
      await countedMailer(createOutboxMailer(dir, FROM), metrics.instruments).send(MAIL);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const refusing = countedMailer(
      createSmtpMailer(`smtp://127.0.0.1:${await closedPort()}`, FROM),
      metrics.instruments,
    );
    await expect(refusing.send(MAIL)).rejects.toThrow(/ECONNREFUSED/);
    await expect(refusing.send(MAIL)).rejects.toThrow(/ECONNREFUSED/);
    refusing.close();

    const text = await metrics.registry.metrics();
    expect(text).toContain('lablive_mail_attempts_total{outcome="sent",instance="lablive-1"} 1');
    expect(text).toContain('lablive_mail_attempts_total{outcome="failed",instance="lablive-1"} 2');
  });
});
