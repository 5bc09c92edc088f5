import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../repo-root.js';
import { freePort } from './free-port.js';

export interface NginxPeer {
  url: string;
  /** nginx's access log, in Debian's default format. */
  accessLog: string;
  close(): Promise<void>;
}

const stockConfig = '/etc/nginx';
const shippedSite = path.join(repoRoot, 'deploy/nginx/suanli.conf');
const shippedReplicas = ['127.0.0.1:8081', '127.0.0.1:8082'];
/** The host name the shipped site answers for, which an operator replaces with the site's own. */
export const shippedServerName = 'suanli.example.com';

/** Replaces `from` in `text`, failing loudly when a config no longer holds it (the test's rendering would silently go stale). */
function replaceIn(file: string, text: string, from: string | RegExp, to: string): string {
  const found = typeof from === 'string' ? text.includes(from) : from.test(text);
  if (!found) throw new Error(`${file} no longer holds ${String(from)}: update the test's rendering`);
  return text.replace(from, to);
}

/**
 * Only what a test on one machine must change: every listen on port 80 becomes 127.0.0.1:`port` (the IPv6 ones are
 * left out, as a host without IPv6 could not bind them), and the shipped site answers for 127.0.0.1, the host name
 * the test's clients use.
 */
function onTestPort(file: string, text: string, port: number): string {
  let rendered = replaceIn(file, text, /^(\s*)listen 80\b/gm, `$1listen 127.0.0.1:${port}`);
  rendered = rendered.replace(/^(\s*)listen \[::\]:80\b.*$/gm, '$1# (IPv6 listen left out by the test)');
  return rendered;
}

function renderShippedSite(port: number, replicaPorts: [number, number]): string {
  let site = onTestPort(shippedSite, fs.readFileSync(shippedSite, 'utf8'), port);
  site = replaceIn(shippedSite, site, `server_name ${shippedServerName};`, 'server_name 127.0.0.1;');
  shippedReplicas.forEach((address, index) => {
    site = replaceIn(shippedSite, site, `server ${address} `, `server 127.0.0.1:${replicaPorts[index]} `);
  });
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

/**
 * Debian's nginx with its stock configuration (a copy of /etc/nginx, Debian's `default` site still enabled and still
 * the default server) and the site we ship (deploy/nginx/suanli.conf) added to sites-enabled, as the deploy guide
 * installs it, in front of the replicas on `replicaPorts`. It runs in the foreground, everything it writes under a
 * temporary prefix.
 */
export async function startNginxPeer(replicaPorts: [number, number]): Promise<NginxPeer> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-nginx-'));
  // Workers of a root master run as Debian's www-data: they must write the request-body buffers here.
  fs.chmodSync(prefix, 0o777);
  const etc = path.join(prefix, 'etc');
  fs.cpSync(stockConfig, etc, { recursive: true, dereference: true });
  fs.mkdirSync(path.join(prefix, 'log'));
  const port = await freePort();

  const mainConfig = path.join(etc, 'nginx.conf');
  let main = fs.readFileSync(mainConfig, 'utf8');
  main = replaceIn(mainConfig, main, /\/etc\/nginx\//g, `${etc}/`);
  main = replaceIn(mainConfig, main, /\/var\/log\/nginx\//g, `${prefix}/log/`);
  main = replaceIn(mainConfig, main, /^pid .*;$/m, `pid ${prefix}/nginx.pid;`);
  // Each worker process takes its own turns between the replicas, and which worker accepts a connection is chance:
  // with one, the replica that answers a request follows from the requests before it, as the tests count on.
  main = replaceIn(mainConfig, main, /^worker_processes .*;$/m, 'worker_processes 1;');
  fs.writeFileSync(mainConfig, main);
  const defaultSite = path.join(etc, 'sites-enabled/default');
  fs.writeFileSync(defaultSite, onTestPort(defaultSite, fs.readFileSync(defaultSite, 'utf8'), port));
  fs.writeFileSync(path.join(etc, 'sites-enabled/suanli.conf'), renderShippedSite(port, replicaPorts));
  // nginx's compiled-in temporary folders are under /var/lib/nginx; conf.d/*.conf is included in the http block.
  const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  for (const name of temporary) fs.mkdirSync(path.join(prefix, name), { mode: 0o777 });
  fs.writeFileSync(path.join(etc, 'conf.d/test-prefix.conf'), temporary.map((name) => `${name}_temp_path ${prefix}/${name};\n`).join(''));

  const nginx = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const errorLog = path.join(prefix, 'log/error.log');
  const child = spawn(nginx, ['-p', `${prefix}/`, '-c', mainConfig, '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`nginx did not start: ${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    accessLog: path.join(prefix, 'log/access.log'),
    async close() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
