import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { instances, queryRows } from '../db/index.js';
import { Status } from '../compute/index.js';

const prefix = 'suanli_';
/** Money is kept in thousandths of a yuan (docs/billing.md, "Money"); the gauges read in yuan. */
const thousandthsPerYuan = 1000;

export type ServerMetrics = ReturnType<typeof createServerMetrics>;

/**
 * The Prometheus metrics of one app, in a registry of its own (tests build many apps in one process). Requests are
 * counted by route pattern, never by raw URL (no ids or tokens in labels); the gauges that describe the whole
 * site read the database when scraped.
 */
export function createServerMetrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix });

  const requests = new Counter({
    name: `${prefix}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and HTTP status',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'Time from a request received to its answer sent, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: `${prefix}upload_received_bytes_total`,
    help: 'Bytes of upload chunks received and stored by this replica',
    registers: [registry],
  });

  new Gauge({
    name: `${prefix}instances_running`,
    help: 'Instances running now (all replicas: read from the database)',
    registers: [registry],
    async collect() {
      const [row] = await app.db
        .select({ count: sql<number>`count(*)::int` })
        .from(instances)
        .where(eq(instances.status, Status.running));
      this.set(row?.count ?? 0);
    },
  });
  new Gauge({
    name: `${prefix}scheduler_leader`,
    help: '1 when this replica holds the scheduler lock and runs the periodic jobs, else 0',
    registers: [registry],
    collect() {
      this.set(app.scheduling.leading ? 1 : 0);
    },
  });
  new Gauge({
    name: `${prefix}scheduler_lag_seconds`,
    help: 'Seconds since the compute scheduler last completed a tick (it ticks every second); only the replica that runs it has a sample',
    labelNames: ['replica'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const lag = app.scheduling.lagSeconds();
      if (lag !== null) this.set({ replica: app.config.replicaId }, lag);
    },
  });
  new Gauge({
    name: `${prefix}payment_sandbox`,
    help: '1 while the sandbox cashier is on (PAYMENT_SANDBOX: recharges credited without money moving, a demo feature), else 0',
    registers: [registry],
    collect() {
      this.set(app.config.payments.sandbox ? 1 : 0);
    },
  });
  const yuanGauge = (name: string, help: string, total: SQL) =>
    new Gauge({
      name: `${prefix}${name}`,
      help,
      registers: [registry],
      async collect() {
        const [row] = await queryRows<{ total: string }>(app.db, sql`select coalesce(${total}, 0) as total`);
        this.set(Number(row?.total ?? 0) / thousandthsPerYuan);
      },
    });
  yuanGauge(
    'ledger_trial_balance_yuan',
    'Sum of every ledger entry: zero while the books balance',
    sql`(select sum(amount) from ledger_entries)`,
  );
  yuanGauge('users_cash_balance_yuan', 'Total of the users’ cash balances', sql`(select sum(balance) from users)`);

  return {
    registry,
    uploadBytes,
    /** Counts one answered request; `route` is the pattern that matched, undefined for none. */
    observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number) {
      const pattern = route ?? 'unmatched';
      requests.inc({ method, route: pattern, status_code: String(statusCode) });
      duration.observe({ method, route: pattern }, seconds);
    },
  };
}
