import fp from 'fastify-plugin';
import { TerminalTickets, OpenTerminals } from '../../compute/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    terminals: { tickets: TerminalTickets; open: OpenTerminals };
  }
}

/** The web terminal's one-time tickets and its count of open terminals per user. */
export default fp(
  async (app) => {
    app.decorate('terminals', { tickets: new TerminalTickets(app.clock), open: new OpenTerminals() });
  },
  { name: 'web-terminal', dependencies: ['core'] },
);
