import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { policyForPage } from '../../lib/index.js';
import { repoRoot } from '../../repo-root.js';

const examplesDir = path.join(repoRoot, 'examples');

/** `/examples/...`: pages showing the portal's parts embedded elsewhere (the legacy page with `<rc-uploader>`). */
export default fp(
  async (app) => {
    await app.register(fastifyStatic, {
      root: examplesDir,
      prefix: '/examples/',
      decorateReply: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', 'no-cache');
        // A page here runs its own inline scripts (the legacy page's React 16 demo): its policy allows exactly those.
        if (filePath.endsWith('.html')) reply.header('content-security-policy', policyForPage(filePath));
      },
    });
  },
  { name: 'examples-static' },
);
