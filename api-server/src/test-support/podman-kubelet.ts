import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { baseImageRef, containerUlimits } from '../compute/index.js';

const run = promisify(execFile);
const podman = async (...args: string[]) => (await run('podman', args, { maxBuffer: 16 * 1024 * 1024 })).stdout.trim();

/** Podman's `--ulimit` flags at what this machine allows (runc cannot raise them: see containerUlimits). */
async function ulimitFlags() {
  const { nofile, nproc } = await containerUlimits();
  return ['--ulimit', `nofile=${nofile}:${nofile}`, '--ulimit', `nproc=${nproc}:${nproc}`];
}

// The pod and claim as the API server keeps them; the kubelet reads the few fields it acts on.
type KubeObject = Record<string, any>;

/**
 * The kubelet side of the recorded Kubernetes API (`KubernetesApiPeer`): each running pod's container is a real Podman
 * container of the pod's image, with its variables and its claim's volume at /root/data, and an exec is `podman exec`
 * in it. What it makes is named after the peer and removed with it.
 */
export class PodmanKubelet {
  private readonly prefix = `rc-kubelet-${randomBytes(4).toString('hex')}`;
  private readonly containers = new Set<string>();
  private readonly volumes = new Set<string>();

  private containerOf = (pod: KubeObject) => `${this.prefix}-${pod.metadata.name}`;
  private volumeOf = (claimName: string) => `${this.prefix}-${claimName}`;

  /** The claim's volume; a claim cloned from another (dataSource) starts with a copy of its files. */
  async createVolume(claim: KubeObject) {
    const volume = this.volumeOf(claim.metadata.name);
    await podman('volume', 'create', volume);
    this.volumes.add(volume);
    const source = claim.spec?.dataSource?.name as string | undefined;
    if (source)
      await podman(
        'run',
        '--rm',
        ...(await ulimitFlags()),
        '-v',
        `${this.volumeOf(source)}:/from:ro`,
        '-v',
        `${volume}:/to`,
        baseImageRef,
        'cp',
        '-a',
        '/from/.',
        '/to/',
      );
  }

  async removeVolume(claim: KubeObject) {
    const volume = this.volumeOf(claim.metadata.name);
    await podman('volume', 'rm', '-f', volume).catch(() => '');
    this.volumes.delete(volume);
  }

  /** Starts the pod's container (its image's command under an init, as the Podman driver runs it); answers its address. */
  async run(pod: KubeObject): Promise<string> {
    const name = this.containerOf(pod);
    const container = pod.spec.containers[0];
    const env = (container.env ?? []).flatMap((variable: { name: string; value: string }) => ['-e', `${variable.name}=${variable.value}`]);
    const claim = (pod.spec.volumes ?? []).find((volume: KubeObject) => volume.persistentVolumeClaim)?.persistentVolumeClaim.claimName;
    const data = claim ? ['-v', `${this.volumeOf(claim)}:/root/data`] : [];
    const ulimits = await ulimitFlags();
    this.containers.add(name);
    await podman(
      'run',
      '-d',
      '--init',
      ...ulimits,
      '--name',
      name,
      '--hostname',
      pod.spec.hostname ?? name,
      ...env,
      ...data,
      container.image,
    );
    return podman('inspect', '--format', '{{.NetworkSettings.IPAddress}}', name);
  }

  /** The container's main process is killed (the pod's container exits). */
  async kill(pod: KubeObject) {
    await podman('kill', this.containerOf(pod)).catch(() => '');
  }

  async remove(pod: KubeObject) {
    const name = this.containerOf(pod);
    await podman('rm', '-f', '-t', '0', name).catch(() => '');
    this.containers.delete(name);
  }

  /** A process in the pod's running container: `podman exec` of the command, its stdin kept open. */
  exec(pod: KubeObject, command: string[], tty: boolean): ChildProcess {
    return spawn('podman', ['exec', '-i', ...(tty ? ['-t'] : []), this.containerOf(pod), ...command], { stdio: 'pipe' });
  }

  async removeAll() {
    for (const name of this.containers) await podman('rm', '-f', '-t', '0', name).catch(() => '');
    for (const volume of this.volumes) await podman('volume', 'rm', '-f', volume).catch(() => '');
    this.containers.clear();
    this.volumes.clear();
  }
}
