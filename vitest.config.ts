import { defineConfig } from 'vitest/config';

// Every project's tests stay off the network beyond this machine (loopback and unix sockets only).
const setupFiles = ['apps/server/test/no-outbound-network.ts'];

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time, while most integration files wait on a
    // database, a child process or PocketSphinx: two at once keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/**/*.test.ts'],
          environment: 'node',
          setupFiles,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          setupFiles,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          setupFiles,
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
