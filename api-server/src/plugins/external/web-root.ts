import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { website } from '../../db/index.js';
import { ok } from '../../envelope.js';
import { transferOrigin } from '../../blobs/index.js';
import { policyForPage } from '../../lib/index.js';
import { instancePagesSource } from '../../compute/index.js';
import { repoRoot } from '../../repo-root.js';

const ownStaticDir = path.join(repoRoot, 'api-server/static');
const immutable = 'public, max-age=31536000, immutable';
const looksLikeFile = (pathname: string) => pathname.startsWith('/modules/') || /\.[a-z0-9]{1,5}$/i.test(pathname);

function cacheHeaders(reply: FastifyReply, filePath: string) {
  reply.header('cache-control', filePath.includes(`${path.sep}modules${path.sep}`) ? immutable : 'no-cache');
}

/**
 * Serves the built portal (`webRoot`, with its precompressed .br/.gz siblings) and the server's own
 * demo assets under /static/. Any other GET outside /apis answers the root config's index.html, so
 * the portal's client-side routes survive a reload; unknown /apis paths answer code 404.
 */
export default fp(
  async (app) => {
    const { webRoot } = app.config;
    await app.register(fastifyStatic, {
      root: webRoot,
      preCompressed: true,
      index: false,
      setHeaders: cacheHeaders,
    });
    await app.register(fastifyStatic, {
      root: ownStaticDir,
      prefix: '/static/',
      decorateReply: false,
      setHeaders: cacheHeaders,
    });

    const portalIndex = path.join(webRoot, 'index.html');
    const objectStore = await transferOrigin(app.blobs);
    const instancePages = [instancePagesSource(app.config.instancePagesOrigin)];
    const sendPortalPage = (reply: FastifyReply) => {
      reply.header('cache-control', 'no-cache');
      if (fs.existsSync(portalIndex))
        return reply
          .header('content-security-policy', policyForPage(portalIndex, objectStore ? [objectStore] : [], instancePages))
          .sendFile('index.html', webRoot);
      const placeholder = path.join(ownStaticDir, 'placeholder.html');
      return reply
        .header('content-security-policy', policyForPage(placeholder))
        .type('text/html; charset=utf-8')
        .sendFile('placeholder.html', ownStaticDir);
    };
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendPortalPage(reply));
    // Browsers ask for /favicon.ico by themselves: send them to the icon of the website info.
    app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => {
      const [site] = await app.db.select({ ico: website.ico }).from(website).where(eq(website.id, 1));
      if (!site || !/^(https?:\/\/|\/(?![/\\]))/.test(site.ico))
        return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
      return reply.header('cache-control', 'public, max-age=3600').redirect(site.ico);
    });
    app.setNotFoundHandler(async (request, reply) => {
      const { pathname } = new URL(request.url, 'http://portal');
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/apis');
      if (!isPage) return reply.status(200).send({ ...ok(null), code: 404, msg: '接口不存在' });
      // A missing module or asset must fail as such: SystemJS would otherwise run the page as code.
      if (looksLikeFile(pathname)) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
      return sendPortalPage(reply);
    });
  },
  { name: 'web-root', dependencies: ['core', 'blob-store'] },
);
