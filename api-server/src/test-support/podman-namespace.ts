import path from 'node:path';
import Dockerode from 'dockerode';
import { namespaceOf, podmanNames } from '../compute/index.js';

/**
 * What the Podman driver of a test app (COMPUTE_DRIVER=podman, its own service under DATA_DIR/podman)
 * created, seen from the test: its names, a client on its socket, and the removal of all of it.
 */
export function podmanOfTestApp(dataDir: string) {
  const namespace = namespaceOf(dataDir);
  const docker = new Dockerode({ socketPath: path.join(dataDir, 'podman', 'podman.sock') });
  const label = `suanli.namespace=${namespace}`;
  return {
    namespace,
    names: podmanNames(namespace),
    docker,
    containerExists: (name: string) =>
      docker
        .getContainer(name)
        .inspect()
        .then(
          () => true,
          () => false,
        ),
    volumeExists: (name: string) =>
      docker
        .getVolume(name)
        .inspect()
        .then(
          () => true,
          () => false,
        ),
    /** Removes every container, volume and image of the namespace (call before the app closes its service). */
    async removeAll() {
      for (const container of await docker.listContainers({ all: true, filters: { label: [label] } }))
        await docker.getContainer(container.Id).remove({ force: true });
      for (const volume of (await docker.listVolumes({ filters: { label: [label] } })).Volumes ?? [])
        await docker.getVolume(volume.Name).remove({ force: true });
      const prefix = `localhost/suanli/${namespace}-`;
      for (const image of await docker.listImages())
        for (const tag of image.RepoTags ?? []) if (tag.startsWith(prefix)) await docker.getImage(tag).remove({ force: true });
    },
  };
}
