// @lablive/client: the typed client of the LabLive API, used by the web app, tests and the load generator.
export * from './realtime/index.ts';
export * from './rest/index.ts';
