import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { attachmentDisposition } from '../../../blobs/index.js';
import { appServiceLog, appServiceLogFile } from '../../../compute/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { ByInstance } from '@rc/api-contract/user/compute';
import { AppLogDownloadBody, AppLogView } from '@rc/api-contract/user/instance-app';

const tags = ['容器实例'];
const LogBytes = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: '应用日志（attachment，UTF-8 文本）' });

/** The log of the service an instance deployed from an application runs. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  // The download is a form post with the token as a hidden field, so the browser saves the answer.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/auth/user/instance/app/log',
    {
      schema: {
        tags,
        summary: '应用服务日志的最后 200 行（从应用部署、运行中的实例）',
        body: ByInstance,
        response: { 200: Envelope(AppLogView) },
      },
    },
    async (request) => ok(await appServiceLog(app, currentUser(request).id, request.body.id)),
  );

  app.post(
    '/auth/user/instance/app/log/download',
    {
      config: { tokenInFormBody: true },
      schema: {
        tags,
        summary: '下载应用服务日志（表单提交，token 为表单隐藏字段；最多最后 6 MB）',
        body: AppLogDownloadBody,
        response: { 200: Type.Union([LogBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => {
      const log = await appServiceLogFile(app, currentUser(request).id, Number(request.body.id));
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', attachmentDisposition(log.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(log.bytes);
    },
  );
};

export default routes;
