import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../../errors.js';
import type { InstanceRow } from '../instance-state.js';
import { Status } from '../states.js';
import { jupyterPort } from './jupyter-link.js';
import { instancePageOrigin, type InstancePageAddress } from './instance-page-origin.js';
import type { PageNotice } from './instance-page-notices.js';
import { issueTicket, ticketLifetimeMs, type PageGrant } from './instance-page-passes.js';
import { instanceOpenTo } from './page-holders.js';
import { shareIsOpen } from './page-shares.js';

/** The query parameter that carries the ticket to the instance's origin. */
export const ticketParam = 'rc_ticket';

/** Where this server reaches the port: the instance's pages are open to the grant's holder, it runs, and the driver reaches it. */
async function reachablePort(app: FastifyInstance, grant: PageGrant) {
  const instance = await instanceOpenTo(app.db, grant.userId, grant.instanceId);
  if (!instance || instance.status !== Status.running) return { instance, target: null };
  return { instance, target: await app.compute.driver.httpTarget(instance, grant.port) };
}

/**
 * The address that opens the port of a running instance on its own origin, with a single-use ticket for it; Jupyter's
 * port also logs into Jupyter with its token. The instance is the user's own or a balance-sharing sub-account's
 * (`pagesOpenTo`); any other answers 「实例不存在」.
 */
export async function issueInstancePageTicket(app: FastifyInstance, userId: number, address: InstancePageAddress) {
  const { instance, target } = await reachablePort(app, { userId, ...address });
  if (!instance || instance.status === Status.released) throw notFound('实例不存在');
  if (instance.status !== Status.running) throw conflict('实例未运行，请先开机');
  if (!target) throw conflict('该实例的网页暂时无法打开，请稍后再试');
  const ticket = await issueTicket(app.shared, { userId, ...address });
  const login = address.port === jupyterPort ? `token=${instance.jupyterToken}&` : '';
  return {
    url: `${instancePageOrigin(app.config.instancePagesOrigin, address)}/?${login}${ticketParam}=${ticket}`,
    expiresInSeconds: ticketLifetimeMs / 1000,
  };
}

/** What a request with this grant gets: refused like an outsider, a page that says why not, or the port's address. */
export type Admission =
  { refused: true } | { refused: false; notice: PageNotice } | { refused: false; upstream: string; instance: InstanceRow };

const coming: readonly number[] = [Status.creating, Status.starting];
const gone: readonly number[] = [Status.releasing, Status.released];

/**
 * Decided afresh at each request: the grant's instance is still open to the holder it was issued for (its owner, or the
 * main account of a sub-account that still shares its balance) and, for a share link, the link is still open; then the instance's state says whether it is reached (`http://host:port`) or why not.
 */
export async function admitInstancePage(app: FastifyInstance, grant: PageGrant | null): Promise<Admission> {
  if (!grant) return { refused: true };
  if (grant.shareId !== undefined && !(await shareIsOpen(app.db, grant.shareId, app.clock.now()))) return { refused: true };
  const { instance, target } = await reachablePort(app, grant);
  if (!instance) return { refused: true };
  if (gone.includes(instance.status)) return { refused: false, notice: 'released' };
  if (coming.includes(instance.status)) return { refused: false, notice: 'starting' };
  if (instance.status !== Status.running) return { refused: false, notice: 'stopped' };
  if (!target) return { refused: false, notice: 'unreachable' };
  return { refused: false, upstream: `http://${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port}`, instance };
}
