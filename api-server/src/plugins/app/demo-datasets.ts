import fp from 'fastify-plugin';
import { ensureDemoDatasets } from '../../storage/index.js';

/** The public catalogue's demo datasets, written once the server is ready when they are missing. */
export default fp(
  async (app) => {
    app.addHook('onReady', () => ensureDemoDatasets(app));
  },
  { name: 'demo-datasets', dependencies: ['core'] },
);
