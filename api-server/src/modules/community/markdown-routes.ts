import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { MarkdownPreview, MarkdownPreviewBody } from '@rc/api-contract/community/markdown';
import { ok } from '../../envelope.js';
import { renderMarkdown } from '../../content/index.js';

/** The live preview of every community editor, by the renderer that renders on save. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/markdown/preview',
    {
      schema: {
        tags: ['社区'],
        summary: 'Markdown 预览（文章、问题、回答、镜像说明；与保存后的渲染一致）',
        body: MarkdownPreviewBody,
        response: { 200: Envelope(MarkdownPreview) },
      },
    },
    async (request) => ok({ html: renderMarkdown(request.body.content) }),
  );
};

export default routes;
