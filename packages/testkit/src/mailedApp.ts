// The app on a fresh test database with its mail going to a real SMTP server (the testkit's capture):
// what the mail, reminder and calendar tests each start the same way, and stop the same way.
import { createSmtpMailer } from '@lablive/server/testing';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { type Call, caller } from './restCalls.ts';
import { type SmtpCapture, startSmtpCapture } from './smtpCapture.ts';
import { buildTestApp } from './testApp.ts';

export type MailedApp = {
  test: TestDatabase;
  smtp: SmtpCapture;
  app: FastifyInstance;
  call: Call;
  /** Stops the app, the SMTP server, and drops the database. */
  close(): Promise<void>;
};

export async function startMailedApp(
  options: Omit<Parameters<typeof buildTestApp>[1], 'mailer'> = {},
): Promise<MailedApp> {
  const test = await createTestDatabase();
  const smtp = await startSmtpCapture();
  const app = await buildTestApp(test, {
    ...options,
    mailer: createSmtpMailer(smtp.url, 'LabLive <no-reply@lablive.test>'),
  });
  return {
    test,
    smtp,
    app,
    call: caller(app),
    async close() {
      await app.close();
      await smtp.close();
      await test.drop();
    },
  };
}
