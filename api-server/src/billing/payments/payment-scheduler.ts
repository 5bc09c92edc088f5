import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsContext } from './context.js';
import { closeExpiredRecharges } from './recharge.js';

/** Closes unpaid recharges past their timeout every `closeIntervalMs`. Returns a stop function. */
export function startPaymentScheduler(ctx: PaymentsContext, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const closed = await closeExpiredRecharges(ctx);
        if (closed > 0) log.info({ closed }, 'unpaid recharges closed');
      } catch (error) {
        log.error({ err: error }, 'closing unpaid recharges failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, ctx.settings.closeIntervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
