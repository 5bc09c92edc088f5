import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiServerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerBuild {
  /** The bundle to hand ServerProcess.start as `compiled`. */
  serverJs: string;
  remove(): void;
}

/**
 * The production build (tools/server-build) in a folder of this test's own beside api-server/dist, so test files running
 * side by side never run a build another one is replacing in dist/. Beside it, not deeper: the bundle finds node_modules
 * and the checkout (repo-root.ts: the portal's dist/web, the server's static/) one level up, as from dist/.
 */
export function buildServer(): ServerBuild {
  const folder = fs.mkdtempSync(path.join(apiServerDir, '.server-build-'));
  execFileSync(process.execPath, [path.join(apiServerDir, '../tools/server-build/build.mjs'), folder], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { serverJs: path.join(folder, 'server.js'), remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}
