import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { DataVolumeContext } from './data-volume.js';
import { mountedAt } from '../../lib/index.js';
import { createIdleContainer, inspectContainer, mountContainer } from './podman-calls.js';
import { baseImageRef } from './podman-names.js';

const run = promisify(execFile);

/** The last pinning asked for, per Podman connection: pinnings run one after the other, never two binds at once. */
const pinnings = new WeakMap<object, Promise<void>>();

/**
 * Podman's overlay storage bind-mounts its folder onto itself, and every Podman process that ends while no layer is
 * mounted unmounts that bind lazily (containers/storage's overlay `Cleanup`), with every mount beneath it. A stopped
 * container's clean-up process, which runs after `stop` has answered, could thus take away the system disk image just
 * mounted for the next start, and the container then started on its bare layer folder, its files out of sight.
 *
 * A container of the namespace that never runs, its layer mounted, keeps every Podman process from unmounting the
 * folder; where no Podman process has bound it yet, it is bound here as Podman binds it, before any image is mounted
 * under it (a bind made later would hide them).
 */
export function pinOverlayFolder(ctx: Pick<DataVolumeContext, 'app' | 'docker' | 'names'>, overlayDir: string) {
  // Checked at every start: the pin may have gone since (`podman container prune` removes containers that never ran).
  const pinning = (pinnings.get(ctx.docker) ?? Promise.resolve()).then(() =>
    pin(ctx, overlayDir).catch((error: unknown) => {
      ctx.app.log.warn({ err: error }, "Podman's overlay folder is not pinned: a stop may unmount system disk images");
    }),
  );
  pinnings.set(ctx.docker, pinning);
  return pinning;
}

async function pin(ctx: Pick<DataVolumeContext, 'docker' | 'names'>, overlayDir: string) {
  const name = ctx.names.overlayPin;
  if (!(await inspectContainer(ctx.docker, name)))
    await createIdleContainer(ctx.docker, { name, image: baseImageRef, labels: ctx.names.namespaceLabels });
  await mountContainer(ctx.docker, name);
  if (await mountedAt(overlayDir)) return;
  await run('mount', ['--bind', overlayDir, overlayDir]);
  await run('mount', ['--make-private', overlayDir]);
}
