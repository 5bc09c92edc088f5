import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { SpeedTestResult } from '@rc/api-contract/orion/speed-test';
import { ok } from '../../envelope.js';
import { invalid } from '../../errors.js';

/** The most one speed-test request may send: enough to measure, too little to be a way to burn bandwidth. */
export const speedTestMaxBytes = 16 * 1024 * 1024;

/** `/account/upload/test`: the bytes are counted and dropped, so the figure is the network's, not the disk's. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));

  app.post(
    '/auth/file/speedTest',
    {
      schema: { tags: ['文件存储'], summary: '上传测速：接收并丢弃请求体，返回收到的字节数', response: { 200: Envelope(SpeedTestResult) } },
    },
    async (request) => {
      let bytes = 0;
      for await (const piece of request.raw) {
        bytes += (piece as Buffer).length;
        if (bytes > speedTestMaxBytes) throw invalid(`测速数据不能超过${speedTestMaxBytes / 1024 / 1024}MB`);
      }
      return ok({ bytes });
    },
  );
};

export default routes;
