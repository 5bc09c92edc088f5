import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { databaseFreeTests } from './src/test-support/database-free-tests.js';

// The PostgreSQL pass (DATABASE_URL set) runs only the tests that reach a database; the others run once, on the PGlite pass.
const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: onPostgres
      ? [...configDefaults.exclude, ...databaseFreeTests(fileURLToPath(new URL('src', import.meta.url)))]
      : configDefaults.exclude,
    globalSetup: [
      'src/test-support/ensure-sshd.ts',
      'src/test-support/ensure-podman.ts',
      'src/test-support/ensure-slurm.ts',
      'src/test-support/database-template.ts',
      'src/test-support/server-bundle.ts',
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
