import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: [
      'src/test-support/ensure-sshd.ts',
      'src/test-support/ensure-podman.ts',
      'src/test-support/ensure-slurm.ts',
      'src/test-support/database-template.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // Each worker imports the server once for all its files instead of once per file (about 24 s of a file's 32 s);
    // every file still starts its own app on its own database (test-support/test-app.ts).
    isolate: false,
  },
});
