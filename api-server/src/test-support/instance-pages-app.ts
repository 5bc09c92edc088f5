import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config.js';
import { privateNode, rent, settle, systemImageId, userWithBalance } from './compute-test-kit.js';
import { createTestApp } from './test-app.js';

/**
 * The real server whose simulated pool sends every running instance's web port to `webTarget` (SIMULATED_WEB_TARGET),
 * listening on a port of its own so instance-pages hosts reach it; and a funded owner of a running instance.
 */
export async function openInstancePagesApp(webTarget: string) {
  const { compute } = loadConfig({ SIMULATED_WEB_TARGET: webTarget });
  const t = await createTestApp({ config: { compute } });
  const imageId = await systemImageId(t.app.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const listening = (t.app.server.address() as AddressInfo).port;

  /** A running instance rented by the token's user (funded, or sharing a funded main account's balance). */
  async function runningInstanceOf(token: string) {
    const { node, model } = await privateNode(t.app.db, 1);
    const rented = await rent(t.app, token, { nodeId: node.id, gpuModelId: model.id, imageId });
    await settle(t, 10_000);
    return rented.data.instance.id as number;
  }

  /** A funded user and their instance, running. */
  async function ownerOfRunningInstance() {
    const user = await userWithBalance(t.app, 1_000_000);
    return { user, id: await runningInstanceOf(user.token) };
  }

  return { t, listening, ownerOfRunningInstance, runningInstanceOf };
}
