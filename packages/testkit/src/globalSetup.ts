// vitest globalSetup of the integration and e2e projects: starts (or finds) the services once and hands
// their addresses to every test file through inject().
import type { TestProject } from 'vitest/node';
import './providedContext.ts';
import { startTestServices } from './services.ts';

export default async function setup(project: TestProject) {
  const services = await startTestServices((line) => console.log(`[testkit] ${line}`));
  console.log(`[testkit] PostgreSQL: ${services.postgresSource}`);
  console.log(`[testkit] NATS: ${services.natsUrl ?? services.natsSource}`);
  project.provide('postgresAdminUrl', services.postgresUrl);
  project.provide('natsUrl', services.natsUrl);
  project.provide('natsSkipReason', services.natsSource);
  return () => services.stop();
}
