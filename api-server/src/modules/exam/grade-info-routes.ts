import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { GradeRef } from '@rc/api-contract/exam/grade';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/app/authentication.js';
import { gradesOf } from '../../exam/grade-listing.js';

const tags = ['班级'];

/** Class information: create, edit, disband, view, my classes. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/grade/info/grade/list/all',
    { schema: { tags, summary: '我所在的全部班级（任教、管理或学习），用于选择班级', response: { 200: Envelope(Type.Array(GradeRef)) } } },
    async (request) => ok(await gradesOf(app.db, currentUser(request).id)),
  );
};

export default routes;
