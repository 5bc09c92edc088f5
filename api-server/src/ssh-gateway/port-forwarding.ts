import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AcceptConnection, RejectConnection, ServerChannel, TcpipRequestInfo } from 'ssh2';
import { instances } from '../db/index.js';
import { hostnameOf } from '../compute/index.js';
import { notRunningReason } from './instance-sessions.js';
import { openTunnel, type Tunnel } from './instance-tunnel.js';

/** Whether an `ssh -L` destination names the instance itself: localhost, its loopback addresses, or its own hostname. */
export function namesInstanceItself(destination: string, hostname: string): boolean {
  const name = destination.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '127.0.0.1' || name === '::1' || name === hostname;
}

/**
 * One `ssh -L` connection (a direct-tcpip channel) of a login into `instanceId`: joined to that port of the running
 * instance, or rejected (ssh prints "open failed") when it names any other host, the instance does not run, or
 * nothing listens there. Forwarding elsewhere would make the gateway a way into the host's and other instances' networks.
 */
export async function forwardPort(
  app: FastifyInstance,
  o: {
    instanceId: number | null;
    remoteAddress: string;
    request: TcpipRequestInfo;
    accept: AcceptConnection<ServerChannel>;
    reject: RejectConnection;
  },
): Promise<void> {
  const { destIP: host, destPort: port } = o.request;
  const refuse = (why: string) => {
    app.log.warn({ instanceId: o.instanceId, remoteAddress: o.remoteAddress, host, port }, `ssh gateway: port forwarding refused, ${why}`);
    o.reject();
  };
  if (o.instanceId === null) return refuse('the login opens no instance');
  const [instance] = await app.db.select().from(instances).where(eq(instances.id, o.instanceId));
  if (!instance || notRunningReason(instance)) return refuse('the instance is not running');
  if (!namesInstanceItself(host, hostnameOf(instance.name, instance.id))) return refuse('the destination is not the instance');
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return refuse('no such port');
  const tunnel = await openTunnel(app, instance, port);
  if (!tunnel) {
    app.log.info({ instanceId: o.instanceId, port }, 'ssh gateway: port forwarding found nothing listening');
    return o.reject();
  }
  join(o.accept(), tunnel);
}

function join(channel: ServerChannel, tunnel: Tunnel) {
  channel.pipe(tunnel.input);
  tunnel.output.pipe(channel);
  channel.once('close', () => tunnel.close());
  // A tunnel that breaks without its end (a reset connection) ends the channel too; an ended one has ended it through the pipe.
  tunnel.output.once('close', () => {
    if (!tunnel.output.readableEnded) channel.close();
  });
}
