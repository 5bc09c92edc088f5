import type { TestProject } from 'vitest/node';
import ensurePodman from '../../api-server/src/test-support/ensure-podman.js';
import { ServerProcess } from '../../api-server/src/test-support/server-process.js';
import { apiCall, logIn, demoAccounts } from './server-calls.js';

/** The one server every CLI test file talks to. */
export interface SharedServer {
  url: string;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    server: SharedServer;
  }
}

/**
 * Vitest global setup: one real server for the whole suite, its instances real Podman containers (so the printed ssh
 * command logs in); at the end every instance a test left is released, then the server stops.
 */
export default async function startSharedServer(project: TestProject): Promise<() => Promise<void>> {
  ensurePodman();
  const server = await ServerProcess.start({ env: { COMPUTE_DRIVER: 'podman' } });
  project.provide('server', { url: server.url, dataDir: server.dataDir });
  return async () => {
    for (const mobile of Object.values(demoAccounts)) await releaseEverything(server.url, await logIn(server.url, mobile)).catch(() => {});
    await server.stop();
  };
}

async function releaseEverything(url: string, token: string) {
  const { list } = await apiCall<{ list: { id: number }[] }>(url, '/container/auth/list', { pageSize: 100 }, token);
  for (const { id } of list) {
    await apiCall(url, '/user/auth/user/instance/stop', { id }, token).catch(() => {});
    await until(
      async () => (await apiCall<{ list: { status: number }[] }>(url, '/container/auth/list', { id }, token)).list[0]?.status !== 3,
    );
    await apiCall(url, '/user/auth/user/instance/release/instance', { id }, token).catch(() => {});
  }
  await until(async () => (await apiCall<{ list: unknown[] }>(url, '/container/auth/list', { pageSize: 100 }, token)).list.length === 0);
}

async function until(done: () => Promise<boolean>) {
  for (let tries = 0; !(await done()); tries++) {
    if (tries > 240) throw new Error('instances were not released');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
