// One vitest run for the whole repository, split in three projects by file suffix:
// unit (pure, no IO), integration (real PostgreSQL and NATS), e2e (built app in Chromium).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'apps/*/src/**/*.unit.test.{ts,tsx}',
            'packages/*/src/**/*.unit.test.ts',
            'bench/**/*.unit.test.ts',
            'chaos/**/*.unit.test.ts',
          ],
          // Set on every project, or vitest runs them all at once whatever e2e's says (its docs: "if you
          // don't set this option, all projects run in parallel"): CI's e2e ran beside the integration files.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts', 'packages/*/src/**/*.int.test.ts'],
          globalSetup: ['packages/testkit/src/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/*/src/**/*.e2e.test.ts'],
          globalSetup: ['packages/testkit/src/globalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // After unit and integration, not beside them: browsers decoding fake video starved of the
          // CPU by the integration project's heaviest files (the append races, 5,000 leases) stopped
          // painting for 30 s and failed their screenshots on the 2-core CI machine.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
