import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startSshd, type SshdPeer } from './sshd-peer.js';

const run = promisify(execFile);

const slurmBinaries = { controller: '/usr/sbin/slurmctld', node: '/usr/sbin/slurmd', munge: '/usr/sbin/munged' };

/** What the test cluster is made of: one node in two partitions, more CPUs than the machine has so jobs can queue. */
const testCluster = {
  node: 'node1',
  cpus: 4,
  memoryMb: 4000,
  gpus: 2,
  /** The gpu partition's time limit, minutes; cpu has none. */
  gpuMaxTimeMinutes: 60,
} as const;

export interface SlurmCluster {
  /** The folder holding everything of the cluster (removed by stop); test homes go under `homes`. */
  dir: string;
  homes: string;
  slurmConf: string;
  jobcompLog: string;
  /** The login node: OpenSSH sshd letting the current account (root in CI) in with a key. */
  login: SshdPeer;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Daemon {
  name: string;
  child: ChildProcess;
  output: () => string;
}

function startDaemon(name: string, binary: string, args: string[], env: NodeJS.ProcessEnv = process.env): Daemon {
  let output = '';
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { name, child, output: () => output };
}

async function stopDaemon({ child }: Daemon): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killLater = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killLater);
}

/** Polls `ready` every 100 ms until it answers true, failing with the daemons' output when one stops or after `boundMs`. */
async function until(what: string, ready: () => Promise<boolean>, daemons: Daemon[], boundMs = 30_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const stopped = daemons.find((d) => d.child.exitCode !== null);
    if (stopped) throw new Error(`${stopped.name} stopped (${stopped.child.exitCode}): ${stopped.output()}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${what} not within ${boundMs} ms: ${daemons.map((d) => `${d.name}: ${d.output()}`).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function slurmConfOf(dir: string, ports: { controller: number; node: number }): string {
  const { node, cpus, memoryMb, gpus, gpuMaxTimeMinutes } = testCluster;
  return [
    `ClusterName=rc${process.pid}`,
    `SlurmctldHost=${os.hostname()}(127.0.0.1)`,
    `SlurmctldPort=${ports.controller}`,
    `SlurmdPort=${ports.node}`,
    'AuthType=auth/munge',
    'CredType=cred/munge',
    `AuthInfo=socket=${dir}/munge/munge.socket`,
    'SlurmUser=root',
    'SlurmdUser=root',
    `StateSaveLocation=${dir}/state`,
    `SlurmdSpoolDir=${dir}/spool`,
    `SlurmctldPidFile=${dir}/slurmctld.pid`,
    `SlurmdPidFile=${dir}/slurmd.pid`,
    `SlurmctldLogFile=${dir}/slurmctld.log`,
    `SlurmdLogFile=${dir}/slurmd.log`,
    'ProctrackType=proctrack/linuxproc',
    'TaskPlugin=task/none',
    'MpiDefault=none',
    'SchedulerType=sched/backfill',
    'SelectType=select/cons_tres',
    'SelectTypeParameters=CR_Core_Memory',
    'JobCompType=jobcomp/filetxt',
    `JobCompLoc=${dir}/jobcomp.log`,
    // The controller forgets an ended job after this many seconds; the completion log keeps it.
    'MinJobAge=300',
    'ReturnToService=2',
    'SlurmdParameters=config_overrides',
    'GresTypes=gpu',
    `NodeName=${node} NodeAddr=127.0.0.1 NodeHostname=${node} CPUs=${cpus} RealMemory=${memoryMb} Gres=gpu:${gpus} State=UNKNOWN`,
    `PartitionName=cpu Nodes=${node} Default=YES MaxTime=INFINITE State=UP`,
    `PartitionName=gpu Nodes=${node} MaxTime=${gpuMaxTimeMinutes} State=UP`,
    '',
  ].join('\n');
}

/**
 * A one-node Slurm 22.05 cluster on localhost, private to the caller: its own munged (key, socket), a
 * generated slurm.conf on free ports, slurmctld and slurmd in the foreground as children, fake GPUs as
 * device files, and an OpenSSH sshd as its login node. Answers once the node is idle. Slurm and munge
 * are installed by the test command (ensure-slurm.ts).
 */
export async function startSlurmCluster(): Promise<SlurmCluster> {
  const missing = Object.values(slurmBinaries).filter((binary) => !fs.existsSync(binary));
  if (missing.length > 0) throw new Error(`${missing.join(', ')} missing: run scripts/ensure-slurm.sh as root`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-slurm-'));
  // The jobs' accounts reach munge's socket, read slurm.conf and walk to their homes in here.
  fs.chmodSync(dir, 0o755);
  const daemons: Daemon[] = [];
  let login: SshdPeer | undefined;
  const stop = async () => {
    for (const daemon of [...daemons].reverse()) await stopDaemon(daemon);
    await login?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const folder of ['munge', 'state', 'spool', 'homes']) fs.mkdirSync(path.join(dir, folder), { mode: 0o755 });
    const key = path.join(dir, 'munge.key');
    fs.writeFileSync(key, randomBytes(1024), { mode: 0o600 });
    const munge = startDaemon('munged', slurmBinaries.munge, [
      '--foreground',
      '--force',
      `--key-file=${key}`,
      `--socket=${dir}/munge/munge.socket`,
      `--pid-file=${dir}/munged.pid`,
      `--log-file=${dir}/munged.log`,
      `--seed-file=${dir}/munged.seed`,
    ]);
    daemons.push(munge);
    await until('munged listening', async () => fs.existsSync(`${dir}/munge/munge.socket`), daemons);

    for (let gpu = 0; gpu < testCluster.gpus; gpu++) execFileSync('mknod', [path.join(dir, `gpu${gpu}`), 'c', '1', '3']);
    fs.writeFileSync(
      path.join(dir, 'gres.conf'),
      ['AutoDetect=off', `NodeName=${testCluster.node} Name=gpu File=${dir}/gpu[0-${testCluster.gpus - 1}]`, ''].join('\n'),
    );
    const slurmConf = path.join(dir, 'slurm.conf');
    fs.writeFileSync(slurmConf, slurmConfOf(dir, { controller: await freePort(), node: await freePort() }));
    const env = { ...process.env, SLURM_CONF: slurmConf };
    daemons.push(startDaemon('slurmctld', slurmBinaries.controller, ['-D', '-f', slurmConf], env));
    daemons.push(startDaemon('slurmd', slurmBinaries.node, ['-D', '-N', testCluster.node, '-f', slurmConf], env));
    await until(
      'the node idle',
      async () => (await run('sinfo', ['-h', '-N', '-o', '%t'], { env })).stdout.trim().split('\n').includes('idle'),
      daemons,
    );
    login = await startSshd();
    return { dir, homes: path.join(dir, 'homes'), slurmConf, jobcompLog: path.join(dir, 'jobcomp.log'), login, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
