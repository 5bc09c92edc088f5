import type Dockerode from 'dockerode';
import type { ContainerInspectInfo } from 'dockerode';
import { rlimits, specGenerator, type ContainerPlan } from './container-plan.js';

const libpodVersion = '/v4.3.1/libpod';

const isMissing = (error: unknown) => (error as { statusCode?: number }).statusCode === 404;

/** A call to Podman's own API (what the compatible API cannot say, such as CDI devices). */
function libpod<T>(docker: Dockerode, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    docker.modem.dial(
      {
        path: `${libpodVersion}${path}`,
        method,
        options: body ? { _body: body } : {},
        headers: body ? { 'Content-Type': 'application/json' } : {},
        statusCodes: { 200: true, 201: true, 204: true, 400: 'bad parameter', 404: 'no such object', 409: 'conflict', 500: 'server error' },
      },
      (error, result) => (error ? reject(error) : resolve(result as T)),
    );
  });
}

/** The container as Podman sees it, or null when there is none. */
export async function inspectContainer(docker: Dockerode, name: string): Promise<ContainerInspectInfo | null> {
  try {
    return await docker.getContainer(name).inspect();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export async function createContainer(docker: Dockerode, plan: ContainerPlan) {
  await libpod(docker, 'POST', '/containers/create', specGenerator(plan));
}

/** A container made only to be mounted: it never starts. */
export async function createIdleContainer(docker: Dockerode, o: { name: string; image: string; labels: Record<string, string> }) {
  await libpod(docker, 'POST', '/containers/create', { name: o.name, image: o.image, command: ['true'], labels: o.labels });
}

/** Mounts the container's filesystem on this machine; Podman keeps it mounted while the container exists. */
export async function mountContainer(docker: Dockerode, name: string) {
  await libpod(docker, 'POST', `/containers/${name}/mount`);
}

export async function startContainer(docker: Dockerode, name: string) {
  await docker
    .getContainer(name)
    .start()
    .catch((error: { statusCode?: number }) => {
      if (error.statusCode !== 304) throw error;
    });
}

export async function stopContainer(docker: Dockerode, name: string) {
  await docker
    .getContainer(name)
    .stop({ t: 10 })
    .catch((error: { statusCode?: number }) => {
      if (error.statusCode !== 304 && !isMissing(error)) throw error;
    });
}

export async function removeContainer(docker: Dockerode, name: string) {
  await docker
    .getContainer(name)
    .remove({ force: true, v: false })
    .catch((error) => {
      if (!isMissing(error)) throw error;
    });
}

export async function volumeExists(docker: Dockerode, name: string) {
  try {
    await docker.getVolume(name).inspect();
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** A volume of Podman's local driver; `options` mount a device instead of a plain folder (`device`, `type`, `o`). */
export async function createVolume(docker: Dockerode, name: string, labels: Record<string, string>, options: Record<string, string>) {
  await docker.createVolume({ Name: name, Labels: labels, DriverOpts: options });
}

/** Where the volume is mounted on this machine while a container uses it. */
export async function volumeMountpoint(docker: Dockerode, name: string): Promise<string | null> {
  try {
    return (await docker.getVolume(name).inspect()).Mountpoint;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export async function removeVolume(docker: Dockerode, name: string) {
  await docker
    .getVolume(name)
    .remove({ force: true })
    .catch((error) => {
      if (!isMissing(error)) throw error;
    });
}

/** Copies one volume's files into another with a short-lived container of `image` (owners, modes and links kept). */
export async function copyVolume(
  docker: Dockerode,
  o: { from: string; to: string; image: string; name: string; labels: Record<string, string>; ulimits: ContainerPlan['ulimits'] },
) {
  await removeContainer(docker, o.name);
  await libpod(docker, 'POST', '/containers/create', {
    name: o.name,
    image: o.image,
    command: ['cp', '-a', '/from/.', '/to/'],
    labels: o.labels,
    r_limits: rlimits(o.ulimits),
    volumes: [
      { Name: o.from, Dest: '/from', Options: ['ro'] },
      { Name: o.to, Dest: '/to', Options: [] },
    ],
  });
  const container = docker.getContainer(o.name);
  try {
    await container.start();
    const { StatusCode } = (await container.wait()) as { StatusCode: number };
    if (StatusCode !== 0) throw new Error(`copying volume ${o.from} to ${o.to} exited with ${StatusCode}`);
  } finally {
    await removeContainer(docker, o.name);
  }
}

/** Saves the container's filesystem as `image` (repository:tag), leaving out the instance's own Jupyter token; answers its size. */
export async function commitContainer(docker: Dockerode, name: string, image: string) {
  const [repo, tag] = splitReference(image);
  await docker.getContainer(name).commit({ repo, tag, pause: false, changes: 'ENV SUANLI_JUPYTER_TOKEN=' });
  const info = await docker.getImage(image).inspect();
  return info.Size;
}

export async function removeImage(docker: Dockerode, image: string) {
  await docker
    .getImage(image)
    .remove({ force: true })
    .catch((error) => {
      if (!isMissing(error)) throw error;
    });
}

function splitReference(image: string): [string, string] {
  const colon = image.lastIndexOf(':');
  return colon > image.lastIndexOf('/') ? [image.slice(0, colon), image.slice(colon + 1)] : [image, 'latest'];
}
