import { createHash } from 'node:crypto';
import path from 'node:path';

/** A short name for the server's data folder: servers sharing one Podman never touch each other's containers. */
export const namespaceOf = (dataDir: string) => createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 8);

/** The image every seeded system image runs (built by `npm run images`). */
export const baseImageRef = 'localhost/suanli/base:bookworm';

/**
 * Names of what the driver creates, under a namespace of its own (one per server's data folder), so
 * servers sharing one Podman never touch each other's containers. Labels carry the same for listing.
 */
export function podmanNames(namespace: string) {
  return {
    container: (instanceId: number) => `suanli-${namespace}-${instanceId}`,
    dataVolume: (instanceId: number) => `suanli-${namespace}-${instanceId}-data`,
    /** The file (under DATA_DIR/disks) holding the data volume's ext4 filesystem. */
    dataDiskImage: (instanceId: number) => `suanli-${namespace}-${instanceId}-data.ext4`,
    /**
     * The files (under DATA_DIR/disks) of the instance's system disks under SYSTEM_DISK_LIMIT=loop, and the one of
     * its container `containerId`: a recreated container starts a new one.
     */
    systemDiskImagePrefix: (instanceId: number) => `suanli-${namespace}-${instanceId}-system-`,
    systemDiskImage: (instanceId: number, containerId: string) =>
      `suanli-${namespace}-${instanceId}-system-${containerId.slice(0, 12)}.ext4`,
    privateImage: (imageId: number) => `localhost/suanli/${namespace}-private-${imageId}:latest`,
    /** The instance's system disk carried into a container recreated with other devices or mounts. */
    carriedImage: (instanceId: number) => `localhost/suanli/${namespace}-carried-${instanceId}:latest`,
    /** The short-lived container that copies a data volume into a clone's. */
    copier: (instanceId: number) => `suanli-${namespace}-${instanceId}-copy`,
    /** The container that never runs, whose mounted layer keeps Podman's overlay folder mounted (`overlay-pin.ts`). */
    overlayPin: `suanli-${namespace}-overlay-pin`,
    namespaceLabels: { 'suanli.namespace': namespace },
    labels: (instanceId: number) => ({ 'suanli.namespace': namespace, 'suanli.instance': String(instanceId) }),
  };
}
