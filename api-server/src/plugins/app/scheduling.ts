import fp from 'fastify-plugin';
import { SchedulerState } from '../../observability/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this replica leads and how late its compute scheduler is (readiness and metrics read it). */
    scheduling: SchedulerState;
  }
}

export default fp(
  async (app) => {
    app.decorate('scheduling', new SchedulerState());
  },
  { name: 'scheduling', dependencies: ['core'] },
);
