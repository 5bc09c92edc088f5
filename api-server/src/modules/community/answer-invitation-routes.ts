import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import {
  AnswerInvitation,
  InvitationListBody,
  InviteAnswerBody,
  InviteCandidate,
  InviteCandidatesBody,
  InvitedUser,
} from '@rc/api-contract/community/question';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import { invitationsOf, inviteCandidates, inviteToAnswer } from '../../community/index.js';

const tags = ['问答'];

/** Invitations to answer a question: find a user, invite them (a message tells them), and see who was invited. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/questions/invite/save',
    {
      schema: {
        tags,
        summary: '邀请回答（提问者或有3个以上回答被采纳的用户；每题最多5人，每人24小时内最多邀请20人）',
        body: InviteAnswerBody,
        response: { 200: Envelope(InvitedUser) },
      },
    },
    async (request) => {
      const invited = await inviteToAnswer(app, currentUser(request).id, request.body.questionId, request.body.userId);
      return ok(invited, `已邀请 ${invited.nickname} 回答`);
    },
  );

  app.post(
    '/auth/questions/invite/list',
    {
      schema: {
        tags,
        summary: '问题已邀请回答的用户',
        body: InvitationListBody,
        response: { 200: Envelope(Type.Array(AnswerInvitation)) },
      },
    },
    async (request) => ok(await invitationsOf(app.db, request.body.questionId)),
  );

  app.post(
    '/auth/questions/invite/candidates',
    {
      schema: {
        tags,
        summary: '按昵称或完整手机号查找可邀请的用户（最多10个，手机号打码）',
        body: InviteCandidatesBody,
        response: { 200: Envelope(Type.Array(InviteCandidate)) },
      },
    },
    async (request) => ok(await inviteCandidates(app.db, currentUser(request).id, request.body.questionId, request.body.keyword)),
  );
};

export default routes;
