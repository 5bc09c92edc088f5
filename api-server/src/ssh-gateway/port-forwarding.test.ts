import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostnameOf } from '../compute/index.js';
import type { TestApp } from '../test-support/test-app.js';
import { closePodmanTestApp, createPodmanTestApp, runningPodmanInstance } from '../test-support/podman-test-app.js';
import { freePort } from '../test-support/free-port.js';
import { openSshOptions, run } from '../test-support/openssh-client.js';
import { startSshGateway, type SshGateway } from './ssh-gateway.js';

// What people do with SSH besides a shell, with the real OpenSSH client and rsync against one real container:
// `ssh -L` to the instance's own ports (and nowhere else), no `ssh -R`, rsync and legacy scp.
let t: TestApp;
let gateway: SshGateway;
let work: string;
let password: string;
let jupyterToken: string;
let hostname: string;
const forwards: ChildProcess[] = [];

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
// ssh reports a forward the gateway refused at INFO (the first value of an option wins).
const sshOptions = () => ['-o', 'LogLevel=INFO', ...openSshOptions({ port: gateway.port }), '-o', 'ExitOnForwardFailure=yes'];
const inInstance = (command: string) =>
  run(['sshpass', '-p', password, 'ssh', ...openSshOptions({ port: gateway.port }), 'root@127.0.0.1', command]);

/** `ssh -N -L` with these forwards (each `host:port` in the instance) on free local ports, once ssh listens on all of them. */
async function forward(destinations: string[]) {
  const ports = await Promise.all(destinations.map(() => freePort()));
  const specs = destinations.flatMap((destination, i) => ['-L', `127.0.0.1:${ports[i]}:${destination}`]);
  const [program, ...args] = ['sshpass', '-p', password, 'ssh', ...sshOptions(), '-N', ...specs, 'root@127.0.0.1'];
  const child = spawn(program!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  forwards.push(child);
  const log = { stderr: '' };
  child.stderr!.on('data', (chunk: Buffer) => (log.stderr += chunk.toString()));
  for (const port of ports) await listening(port, child);
  return { ports, log };
}

/** Waits (bounded) until ssh accepts connections on the local port; each probe is a forwarded connection it closes at once. */
async function listening(port: number, child: ChildProcess) {
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`ssh exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (attempt === 300) throw new Error(`ssh does not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends a line through the forwarded local port; everything that comes back until the connection ends (ssh resets a refused one). */
function exchange(port: number, line: string) {
  return new Promise<string>((resolve) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(line));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.once('error', () => {});
    socket.once('close', () => resolve(answer));
  });
}

beforeAll(async () => {
  t = await createPodmanTestApp();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-ssh-forwarding-'));
  const { row } = await runningPodmanInstance(t);
  password = row.sshPassword;
  jupyterToken = row.jupyterToken;
  hostname = hostnameOf(row.name, row.id);
  gateway = await startSshGateway(t.app, { port: 0, host: '127.0.0.1' });
  // Two web servers in the instance: one on all its addresses, one on its loopback only (as TensorBoard and Jupyter
  // listen by default), serving a random file; ready once both listen.
  const started = await inInstance(
    'mkdir -p /root/www && head -c 3000000 /dev/urandom > /root/www/big.bin && cd /root/www && ' +
      '(setsid nohup python3 -m http.server 8000 --bind 0.0.0.0 >/dev/null 2>&1 &) && ' +
      '(setsid nohup python3 -m http.server 6006 --bind 127.0.0.1 >/dev/null 2>&1 &) && ' +
      "for i in $(seq 300); do ss -ltn | grep -q ':8000 ' && ss -ltn | grep -q '127.0.0.1:6006 ' && exit 0; sleep 0.1; done; exit 1",
  );
  expect(started).toMatchObject({ code: 0 });
}, 240_000);

afterAll(async () => {
  for (const child of forwards) child.kill();
  await gateway?.close();
  await closePodmanTestApp(t);
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('ssh -L', () => {
  it('reaches the instance’s own ports by localhost, its loopback addresses and its hostname, whatever address the service listens on', async () => {
    const inside = await inInstance('md5sum /root/www/big.bin');
    const expected = inside.stdout.split(' ')[0];
    expect(expected).toMatch(/^[0-9a-f]{32}$/);
    const { ports } = await forward(['localhost:8000', '127.0.0.1:6006', `${hostname}:8000`, '[::1]:6006']);
    for (const port of ports) {
      const response = await fetch(`http://127.0.0.1:${port}/big.bin`);
      expect(response.status).toBe(200);
      expect(md5(Buffer.from(await response.arrayBuffer()))).toBe(expected);
    }
  });

  it('starts Jupyter on the first connection to its port, as the first open in the portal does', async () => {
    expect(await inInstance("ss -ltn | grep -c ':8888 '")).toMatchObject({ stdout: '0\n' });
    const { ports } = await forward(['localhost:8888']);
    const status = await fetch(`http://127.0.0.1:${ports[0]}/api/status`, { headers: { authorization: `token ${jupyterToken}` } });
    expect(status.status).toBe(200);
    expect(await status.json()).toHaveProperty('started');
  });

  it('refuses any other destination, and a port where nothing listens', async () => {
    // A listener of this machine's that the gateway could reach on its loopback and on the containers' network:
    // forwarding there would be a way into the host.
    const reached: string[] = [];
    const host = net.createServer((socket) => {
      reached.push(String(socket.remoteAddress));
      socket.end('host\n');
    });
    await new Promise<void>((resolve) => host.listen(0, '0.0.0.0', resolve));
    const hostPort = (host.address() as net.AddressInfo).port;
    try {
      const bridge = await inInstance("ip route | awk '/default/ { print $3 }'");
      expect(bridge.stdout.trim()).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      const { ports, log } = await forward([`127.0.0.2:${hostPort}`, `${bridge.stdout.trim()}:${hostPort}`, '10.0.0.1:80', 'localhost:7']);
      for (const port of ports) expect(await exchange(port, 'GET / HTTP/1.0\r\n\r\n')).toBe('');
      expect(reached).toEqual([]);
      expect(log.stderr).toMatch(/open failed: connect failed/);
    } finally {
      host.close();
    }
  });
});

describe('ssh -R', () => {
  it('is refused: the gateway listens for no one', async () => {
    const remote = await run(['sshpass', '-p', password, 'ssh', ...sshOptions(), '-N', '-R', '0:localhost:80', 'root@127.0.0.1']);
    expect(remote.code).toBe(255);
    expect(remote.stderr).toContain('remote port forwarding failed');
  });
});

describe('copying files', () => {
  it('rsyncs a file in and back, and scp -O still copies', async () => {
    const local = path.join(work, 'payload.bin');
    fs.writeFileSync(local, randomBytes(2_000_000));
    const rsync = (from: string, to: string) =>
      run(['sshpass', '-p', password, 'rsync', '-a', '-e', ['ssh', ...openSshOptions({ port: gateway.port })].join(' '), from, to]);
    expect(await rsync(local, 'root@127.0.0.1:/root/data/')).toMatchObject({ code: 0, stderr: '' });
    expect((await inInstance('md5sum < /root/data/payload.bin')).stdout.split(' ')[0]).toBe(md5(fs.readFileSync(local)));
    expect(await rsync('root@127.0.0.1:/root/data/payload.bin', path.join(work, 'rsynced.bin'))).toMatchObject({ code: 0 });
    expect(md5(fs.readFileSync(path.join(work, 'rsynced.bin')))).toBe(md5(fs.readFileSync(local)));

    const scp = (...args: string[]) => run(['sshpass', '-p', password, 'scp', '-O', ...openSshOptions({ port: gateway.port }), ...args]);
    expect(await scp(local, 'root@127.0.0.1:/root/data/legacy.bin')).toMatchObject({ code: 0 });
    expect(await scp('root@127.0.0.1:/root/data/legacy.bin', path.join(work, 'legacy.bin'))).toMatchObject({ code: 0 });
    expect(md5(fs.readFileSync(path.join(work, 'legacy.bin')))).toBe(md5(fs.readFileSync(local)));
  });
});
