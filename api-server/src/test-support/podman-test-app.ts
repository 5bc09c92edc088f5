import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { instances } from '../db/index.js';
import { privateNode, rent, systemImageId, userWithBalance } from './compute-test-kit.js';
import { advanceTransitions, Status } from '../compute/index.js';
import { createTestApp, type TestApp } from './test-app.js';
import { podmanOfTestApp } from './podman-namespace.js';

/** The real server with COMPUTE_DRIVER=podman (its own Podman service under its data folder). */
export function createPodmanTestApp(): Promise<TestApp> {
  const compute = loadConfig({ DATA_DIR: '.', WEB_ROOT: '.', COMPUTE_DRIVER: 'podman' }).compute;
  return createTestApp({ config: { compute } });
}

/** Removes every container, volume and image the app's driver made, then closes the app. */
export async function closePodmanTestApp(t: TestApp | undefined) {
  if (!t) return;
  await podmanOfTestApp(t.dataDir).removeAll();
  await t.close();
}

/** Runs `script` in instance `id` through the app's driver; answers its exit code and output. */
export async function shellIn(t: TestApp, id: number, script: string) {
  const [row] = await t.app.db.select().from(instances).where(eq(instances.id, id));
  const session = await t.app.compute.driver.exec(row!, { command: ['/bin/sh', '-c', script], tty: null });
  session.stdin.end();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  session.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  session.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  const code = await session.exited;
  return { code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() };
}

/** Polls the instance (the scheduler's pass, then its row) until it shows `status`, within a generous bound. */
export async function reachStatus(t: TestApp, id: number, status: Status) {
  for (let waits = 0; ; waits++) {
    await advanceTransitions(t.app);
    const [row] = await t.app.db.select().from(instances).where(eq(instances.id, id));
    if (row!.status === status && row!.nextStatus === null) return row!;
    if (waits === 600) throw new Error(`instance ${id} is ${row!.status}→${row!.nextStatus}, not ${status}: ${row!.stopReason}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A funded user's (or `owner`'s) instance whose container runs, of a system image or the image `imageId`. */
export async function runningPodmanInstance(t: TestApp, imageId?: number, owner?: { id: number; token: string }) {
  const { node, model } = await privateNode(t.app.db, 1);
  const user = owner ?? (await userWithBalance(t.app, 1_000_000));
  const rented = await rent(t.app, user.token, {
    nodeId: node.id,
    gpuModelId: model.id,
    imageId: imageId ?? (await systemImageId(t.app.db)),
  });
  if (rented.code !== 200) throw new Error(`renting failed: ${rented.msg}`);
  const id: number = rented.data.instance.id;
  const row = await reachStatus(t, id, Status.running);
  return { user, id, row };
}
