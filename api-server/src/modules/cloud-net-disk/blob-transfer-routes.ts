import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { BlobTransferQuery, BlobTransferResult } from '@rc/api-contract/cloud-net-disk/cloud-disk';
import {
  attachmentDisposition,
  byteRange,
  KeyClashError,
  LocalFolderStore,
  localTransferPath,
  TooLargeError,
  type TransferGrant,
} from '../../blobs/index.js';
import { ok } from '../../envelope.js';

const tags = ['云盘直传'];
const path = localTransferPath.slice('/apis/cloud-net-disk'.length);
const BlobBytes = Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: '对象字节（attachment，支持 Range）' });
const Refusal = Envelope(Type.Null());

/** Refused with a real HTTP status, as an object store would: the caller is a browser's fetch, not the envelope client. */
const refuse = (reply: FastifyReply, status: number, msg: string) => reply.code(status).send({ code: status, data: null, msg });

/**
 * The transfer URLs the local store signs (its stand-in for an object store's presigned URLs): a
 * PUT of one object or one part of an upload in parts, and a GET answering HTTP range requests.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Bytes of any declared type stream straight to the store; JSON keeps the app's parser (and is refused below).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const grantOf = (reply: FastifyReply, query: BlobTransferQuery, ops: TransferGrant['op'][]) => {
    const store = app.blobs;
    if (!(store instanceof LocalFolderStore)) return void refuse(reply, 404, '对象存储不在本机，请使用其预签名地址');
    const checked = store.signer.check(query.grant, query.signature, app.clock.now());
    if ('problem' in checked) return void refuse(reply, 403, checked.problem === 'expired' ? '链接已过期，请重新获取' : '签名无效');
    if (!ops.includes(checked.grant.op)) return void refuse(reply, 403, '签名无效');
    return { store, grant: checked.grant };
  };

  app.put(
    path,
    {
      schema: {
        tags,
        summary: '按本机签发的地址上传一个对象或一个分片（请求体为字节，应答头带 ETag）',
        querystring: BlobTransferQuery,
        response: { 200: Envelope(BlobTransferResult), 403: Refusal, 404: Refusal, 409: Refusal, 422: Refusal },
      },
    },
    async (request, reply) => {
      const checked = grantOf(reply, request.query, ['put', 'part']);
      if (!checked) return reply;
      const { store, grant } = checked;
      if (request.body !== undefined) return refuse(reply, 422, '请求体应为文件字节');
      const declared = Number(request.headers['content-length']);
      try {
        if (grant.op === 'put') {
          if (declared !== grant.size) return refuse(reply, 403, `文件大小应为${grant.size}字节`);
          await store.put(grant.key, request.raw, { maxBytes: grant.size });
          return reply.header('etag', '""').send(ok({ etag: '' }));
        }
        if (grant.op !== 'part') return refuse(reply, 403, '签名无效');
        const etag = await store.putPart(grant.key, grant.uploadId, grant.partNumber, request.raw, app.uploads.settings.maxChunkSize);
        return reply.header('etag', etag).send(ok({ etag }));
      } catch (error) {
        if (error instanceof TooLargeError) return refuse(reply, 422, '上传的字节多于申报的大小');
        if (error instanceof KeyClashError) return refuse(reply, 409, '此处已有同名的文件或文件夹，请换一个名称后重新上传');
        throw error;
      }
    },
  );

  app.get(
    path,
    {
      schema: {
        tags,
        summary: '按本机签发的地址下载一个对象（支持 Range 断点续传）',
        querystring: BlobTransferQuery,
        response: { 200: Type.Union([BlobBytes, Refusal]), 206: BlobBytes, 403: Refusal, 404: Refusal, 416: Refusal },
      },
    },
    async (request, reply) => {
      const checked = grantOf(reply, request.query, ['get']);
      if (!checked) return reply;
      const { store, grant } = checked;
      if (grant.op !== 'get') return refuse(reply, 403, '签名无效');
      const stat = await store.stat(grant.key);
      if (!stat) return refuse(reply, 404, '文件不存在或已删除');
      const range = byteRange(request.headers.range, stat.size);
      if (range === 'unsatisfiable')
        return reply.code(416).header('content-range', `bytes */${stat.size}`).send({ code: 416, data: null, msg: '请求的范围无效' });
      const { start, end } = range ?? { start: 0, end: stat.size };
      if (range) reply.code(206).header('content-range', `bytes ${start}-${end - 1}/${stat.size}`);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(end - start))
        .header('accept-ranges', 'bytes')
        .header('content-disposition', attachmentDisposition(grant.fileName))
        .header('cache-control', 'private, no-store')
        .send(store.readRange(grant.key, start, end));
    },
  );
};

export default routes;
