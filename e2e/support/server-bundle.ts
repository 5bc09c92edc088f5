import { buildServer } from '../../api-server/src/test-support/server-build';
import { serverBuildVariable } from '../../api-server/src/test-support/server-process';

/**
 * Vitest global setup: the production build of the server (what `npm start` runs), made once for the run and run by every
 * journey's server. Run from its TypeScript sources, each of the 40-odd servers compiled them again: about 1 s of a quiet
 * machine's start, and twice that beside the server suites.
 */
export default function buildServerBundle(): () => void {
  const build = buildServer();
  process.env[serverBuildVariable] = build.serverJs;
  return build.remove;
}
