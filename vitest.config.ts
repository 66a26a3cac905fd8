import { defineConfig } from 'vitest/config';
import { LongestFirst } from './scripts/test-order.ts';

// Every project's tests stay off the network beyond this machine (loopback and unix sockets only).
const setupFiles = ['apps/server/test/no-outbound-network.ts'];

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time, while most integration files wait on a
    // database, a child process or PocketSphinx: two at once keep both cores busy.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
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
          // A worker runs file after file in one module graph instead of importing the server's
          // hundreds of modules again for each file (seconds per file on 2 cores). Every file
          // builds what it tests from scratch (its own database, data folder and app), so nothing
          // a file leaves in a module carries a result into the next.
          isolate: false,
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
          // One file at a time: two at once were faster (694 → 567 s on a busy machine) but a
          // player's position, followed live in the transcript, missed its 30 s wait once in five
          // clean-clone runs while the other file's browser held the cores.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
