import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const examplesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../examples');

/** `/examples/...`: pages showing the portal's parts embedded elsewhere (the legacy page with `<rc-uploader>`). */
export default fp(async (app) => {
  await app.register(fastifyStatic, {
    root: examplesDir,
    prefix: '/examples/',
    decorateReply: false,
    setHeaders: (reply) => reply.header('cache-control', 'no-cache'),
  });
}, { name: 'examples-static' });
