import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../repo-root.js';
import { freePort } from './free-port.js';

export interface NginxPeer {
  url: string;
  close(): Promise<void>;
}

const shippedSite = path.join(repoRoot, 'deploy/nginx/suanli.conf');
const shippedReplicas = ['127.0.0.1:8081', '127.0.0.1:8082'];

/** The site we ship (deploy/nginx/suanli.conf) listening on `port` in front of the replicas on `replicaPorts`. */
function renderSite(port: number, replicaPorts: [number, number]): string {
  let site = fs.readFileSync(shippedSite, 'utf8');
  const replace = (from: string, to: string) => {
    if (!site.includes(from)) throw new Error(`${shippedSite} no longer holds "${from}": update the test's rendering`);
    site = site.replace(from, to);
  };
  replace('listen 80;', `listen 127.0.0.1:${port};`);
  shippedReplicas.forEach((address, index) => replace(`server ${address} `, `server 127.0.0.1:${replicaPorts[index]} `));
  return site;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Debian's nginx in the foreground, everything it writes under a temporary prefix (no root paths). */
export async function startNginxPeer(replicaPorts: [number, number]): Promise<NginxPeer> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-nginx-'));
  // Workers of a root master run as nobody: they must write the request-body buffers here.
  fs.chmodSync(prefix, 0o777);
  const port = await freePort();
  fs.writeFileSync(path.join(prefix, 'suanli.conf'), renderSite(port, replicaPorts));
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
worker_processes 1;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${prefix}/client-body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    include ${prefix}/suanli.conf;
}
`,
  );
  const nginx = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const child = spawn(nginx, ['-p', `${prefix}/`, '-c', `${prefix}/nginx.conf`, '-e', `${prefix}/error.log`], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`nginx did not start: ${fs.existsSync(`${prefix}/error.log`) ? fs.readFileSync(`${prefix}/error.log`, 'utf8') : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
