import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  ShareAccessListBody,
  ShareAccessView,
  ShareCreateBody,
  ShareIdBody,
  ShareListBody,
  ShareOpenBody,
  ShareOpened,
  SharePassBody,
  ShareView,
  SharedDataset,
  SharedFolder,
  SharedPathBody,
} from '@rc/api-contract/data/share';
import { ok } from '../../envelope.js';
import { pagedAnswer } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import {
  createShare,
  datasetOfSharePass,
  listShared,
  openShare,
  pageOfShareAccesses,
  pageOfShares,
  revokeShare,
  sendSharedDownload,
  shareView,
} from '../../storage/index.js';

const tags = ['分享'];
/** A download answers the file's bytes; a refusal answers the envelope. */
const FileBytes = Type.Unsafe<Readable>({
  type: 'string',
  format: 'binary',
  description: '文件字节或文件夹的 zip（attachment），文件支持 Range',
});

/** My share links (create, list, revoke, access log) and the share page anyone opens without an account. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  // The share page downloads by a form post, so the browser saves the answer.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/auth/share/create',
    {
      schema: {
        tags,
        summary: '分享网盘、文件存储、云盘中的文件或文件夹，或数据集',
        body: ShareCreateBody,
        response: { 200: Envelope(ShareView) },
      },
    },
    async (request) => ok(shareView(await createShare(app, currentUser(request).id, request.body), app.clock.now()), '分享链接已创建'),
  );

  app.post(
    '/auth/share/list',
    { schema: { tags, summary: '我的分享', body: ShareListBody, response: { 200: Envelope(Page(ShareView)) } } },
    async (request) => pagedAnswer(request.body, (window) => pageOfShares(app, currentUser(request).id, window)),
  );

  app.post(
    '/auth/share/revoke',
    { schema: { tags, summary: '取消分享（链接立即失效）', body: ShareIdBody, response: { 200: Envelope(ShareView) } } },
    async (request) => ok(shareView(await revokeShare(app, currentUser(request).id, request.body.id), app.clock.now()), '已取消分享'),
  );

  app.post(
    '/auth/share/access/list',
    {
      schema: {
        tags,
        summary: '分享的访问记录（时间、地址、下载了什么）',
        body: ShareAccessListBody,
        response: { 200: Envelope(Page(ShareAccessView)) },
      },
    },
    async (request) => pagedAnswer(request.body, (window) => pageOfShareAccesses(app, currentUser(request).id, request.body.id, window)),
  );

  app.post(
    '/api/share/open',
    {
      schema: {
        tags,
        summary: '打开分享页（无需登录）：已取消、已过期、次数已用完、提取码错误时拒绝；提取码错误次数受限',
        body: ShareOpenBody,
        response: { 200: Envelope(ShareOpened) },
      },
    },
    async (request) => ok(await openShare(app, { ip: request.ip }, request.body.token, request.body.code)),
  );

  app.post(
    '/api/share/dataset',
    {
      schema: {
        tags,
        summary: '数据集分享所指的数据集（租用页据此挂载）',
        body: SharePassBody,
        response: { 200: Envelope(SharedDataset) },
      },
    },
    async (request) => ok(await datasetOfSharePass(app.db, app.uploads.signingSecret, request.body.pass, app.clock.now())),
  );

  app.post(
    '/api/share/list',
    { schema: { tags, summary: '分享的文件夹中的文件与文件夹', body: SharedPathBody, response: { 200: Envelope(SharedFolder) } } },
    async (request) => ok(await listShared(app, request.body.pass, request.body.path)),
  );

  app.post(
    '/api/share/download',
    {
      schema: {
        tags,
        summary: '下载分享的文件或文件夹（表单提交；文件支持 Range 断点续传，文件夹打包为 zip）',
        body: SharedPathBody,
        response: {
          200: Type.Union([FileBytes, Envelope(Type.Null())]),
          206: FileBytes,
          416: Type.String({ description: 'Range 超出文件大小' }),
        },
      },
    },
    async (request, reply) => sendSharedDownload(app, { ip: request.ip }, request, reply, request.body.pass, request.body.path),
  );
};

export default routes;
