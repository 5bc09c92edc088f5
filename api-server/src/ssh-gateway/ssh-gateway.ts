import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import ssh2, { type AuthContext, type Connection } from 'ssh2';
import { GatewayAuthenticator, type GatewayLogin } from './authenticate.js';
import { loadHostKey } from './host-key.js';
import { openInstanceProcess } from './instance-sessions.js';
import type { ExecOptions } from '../compute/index.js';
import { bridgeSession, SessionRefusal } from './session-bridge.js';
import { forwardPort } from './port-forwarding.js';

export interface SshGateway {
  port: number;
  close(): Promise<void>;
}

const methods: AuthContext['method'][] = ['publickey', 'password'];

/**
 * The SSH gateway: `ssh -p <port> root@<host>` with an instance's password, or `root.<实例ID>` with
 * that password or a key its owner saved, opens sessions in the instance's container through the driver, and
 * forwards `ssh -L` connections to the instance's own ports.
 */
export async function startSshGateway(app: FastifyInstance, o: { port: number; host: string }): Promise<SshGateway> {
  const authenticator = new GatewayAuthenticator(app);
  const clients = new Set<Connection>();
  // ssh2 is CommonJS: Node's ESM loader does not see `Server` as a named export.
  const server = new ssh2.Server({ hostKeys: [await loadHostKey(app.config.dataDir)], ident: 'suanli-gateway' }, (client, info) => {
    clients.add(client);
    let login: GatewayLogin | null = null;
    client.on('authentication', (ctx) => {
      authenticate(authenticator, ctx, info.ip).then(
        (result) => {
          if (result === 'pending') return ctx.accept();
          if (!result) return ctx.reject(methods);
          login = result;
          ctx.accept();
        },
        (error) => {
          app.log.error({ err: error }, 'ssh gateway: authentication failed');
          ctx.reject(methods);
        },
      );
    });
    client.on('session', (accept) => {
      const current = login!;
      const open = (options: ExecOptions) =>
        'refusal' in current ? Promise.reject(new SessionRefusal(current.refusal)) : openInstanceProcess(app, current.instanceId, options);
      bridgeSession(accept(), open, (error) => app.log.error({ err: error }, 'ssh gateway: session failed'));
    });
    client.on('tcpip', (accept, reject, request) => {
      const instanceId = login && 'instanceId' in login ? login.instanceId : null;
      forwardPort(app, { instanceId, remoteAddress: info.ip, request, accept, reject }).catch((error: unknown) => {
        app.log.error({ err: error }, 'ssh gateway: port forwarding failed');
        reject();
      });
    });
    // `ssh -R` would have the gateway listen for the instance: refused (ssh prints "remote port forwarding failed").
    client.on('request', (_accept, reject, name) => {
      app.log.warn({ remoteAddress: info.ip, request: name }, 'ssh gateway: remote forwarding refused');
      reject?.();
    });
    client.on('error', (error) => app.log.debug({ err: error, remoteAddress: info.ip }, 'ssh gateway: connection error'));
    client.on('close', () => clients.delete(client));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  app.compute.ssh.port = port;
  app.log.info(`SSH gateway listening on port ${port}`);
  return {
    port,
    async close() {
      for (const client of clients) client.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function authenticate(authenticator: GatewayAuthenticator, ctx: AuthContext, remoteAddress: string) {
  if (ctx.method === 'password') return authenticator.password(ctx.username, ctx.password, remoteAddress);
  if (ctx.method !== 'publickey') return null;
  const signature = ctx.signature && ctx.blob ? { blob: ctx.blob, signature: ctx.signature, hashAlgo: ctx.hashAlgo } : undefined;
  return authenticator.key({ username: ctx.username, keyBlob: ctx.key.data, signature, remoteAddress });
}
