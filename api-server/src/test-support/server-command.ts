import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiServerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Names the production build (test-support/server-build.ts) servers run: test-support/server-bundle.ts makes one per run. */
export const serverBuildVariable = 'RC_TEST_SERVER_BUILD';

/**
 * Node's arguments that run the server: the production build RC_TEST_SERVER_BUILD names, else the sources through
 * tsx's loader (Node itself, not the tsx command, which runs the server as a child of its own that a SIGKILL would
 * leave running).
 */
export function serverCommand(compiled = process.env[serverBuildVariable]): string[] {
  return compiled ? ['--enable-source-maps', compiled] : ['--import', 'tsx', path.join(apiServerDir, 'src/server.ts')];
}
