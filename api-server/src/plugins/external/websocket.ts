import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';

/** WebSocket routes (the web terminal, Jupyter's kernel channels): a GET route with `websocket: true` or a `wsHandler` takes upgrades. */
export default fp(
  async (app) => {
    await app.register(websocket, { options: { maxPayload: 16 * 1024 * 1024 } });
  },
  { name: 'websocket' },
);
