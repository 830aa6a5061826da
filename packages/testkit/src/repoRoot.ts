// The repository's root, for the processes and files the testkit starts and reads (the server's main.ts,
// infra/haproxy.cfg), whatever directory the test or script runs in.
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
