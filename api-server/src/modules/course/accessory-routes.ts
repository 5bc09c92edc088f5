import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { AccessoryDownloadBody, AccessoryIdBody, AccessoryItem, AccessoryListBody } from '@rc/api-contract/course/authoring';
import { ok } from '../../envelope.js';
import { attachmentDisposition } from '../../blobs/index.js';
import { invalid } from '../../errors.js';
import { currentUser, multipart } from '../../plugins/index.js';
import { readFileForm } from '../../lib/index.js';
import { deleteAccessory, downloadableAccessory, maxAccessoryBytes, saveAccessory, teachingAccessories } from '../../learning/index.js';

const tags = ['课程附件'];
const FileBytes = Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: '附件字节（attachment）' });
const courseIdField = /^[1-9]\d{0,9}$/;
const accessoryFormMessages = {
  malformed: '请以 multipart/form-data 上传附件',
  empty: '请选择要上传的附件',
  oneFile: '每次只能上传一个附件',
};

/** Course accessories: the teacher uploads and removes them; those who may study the course download them. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart);
  // Spec §7: a download is a form post to /apis{path} with hidden fields (the token one of them), so the browser saves the answer.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/auth/course/accessory/save',
    {
      schema: {
        tags,
        summary: '上传课程附件（multipart：courseId 字段在前，file 在后；不超过100MB）',
        response: { 200: Envelope(AccessoryItem) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      let saved: Awaited<ReturnType<typeof saveAccessory>> | undefined;
      await readFileForm(
        request,
        accessoryFormMessages,
        async (fields, file, fileName) => {
          const courseId = fields.text('courseId', '课程', { optional: true });
          if (!courseIdField.test(courseId)) throw invalid('请指定课程');
          saved = await saveAccessory(app, user, Number(courseId), fileName, file);
        },
        { fileSize: maxAccessoryBytes + 1 },
      );
      return ok(saved!, '附件已上传');
    },
  );

  app.post(
    '/auth/course/accessory/list',
    {
      schema: { tags, summary: '我的课程的附件（讲师）', body: AccessoryListBody, response: { 200: Envelope(Type.Array(AccessoryItem)) } },
    },
    async (request) => ok(await teachingAccessories(app.db, currentUser(request), request.body.courseId)),
  );

  app.post(
    '/auth/course/accessory/delete',
    { schema: { tags, summary: '删除课程附件（讲师）', body: AccessoryIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteAccessory(app, currentUser(request), request.body.id);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/auth/course/accessory/download',
    {
      config: { tokenInFormBody: true },
      schema: {
        tags,
        summary: '下载课程附件（讲师、运营及已报名的学员；表单提交，token 为表单隐藏字段）',
        body: AccessoryDownloadBody,
        response: { 200: Type.Union([FileBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => {
      const accessory = await downloadableAccessory(app, currentUser(request), Number(request.body.id));
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(accessory.size))
        .header('content-disposition', attachmentDisposition(accessory.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(app.blobs.readRange(accessory.blobKey, 0, accessory.size));
    },
  );
};

export default routes;
