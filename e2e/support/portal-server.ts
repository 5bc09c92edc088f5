import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ServerProcess } from '../../api-server/src/test-support/server-process';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type PortalServer = ServerProcess;

/** The real api-server serving the built portal from dist/web, with a fresh data folder. */
export const startPortalServer = (): Promise<PortalServer> => ServerProcess.start();
