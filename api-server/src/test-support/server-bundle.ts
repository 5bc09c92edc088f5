import { buildServer } from './server-build.js';
import { serverBuildVariable } from './server-command.js';

/**
 * Vitest global setup (the api-server suites and the journeys): the production build of the server (what `npm start`
 * runs), made once for the run and run by every server process a test starts (ServerProcess, serverCommand). Run from
 * the TypeScript sources through tsx, each start compiled them again: about 1 s of a quiet machine's start and 2.6 s of
 * CPU beside the other suites. `npm test` builds it once for all its suites (scripts/test.sh): then this one is used.
 */
export default function buildServerBundle(): (() => void) | undefined {
  if (process.env[serverBuildVariable]) return undefined;
  const build = buildServer();
  process.env[serverBuildVariable] = build.serverJs;
  return build.remove;
}
