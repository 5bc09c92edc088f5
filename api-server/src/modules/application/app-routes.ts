import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  AppCard,
  AppCategoryView,
  AppDetail,
  AppFields,
  AppLaunchView,
  AppListBody,
  AppUpdateBody,
  ByApp,
  ManagedAppCard,
  MyAppListBody,
  PutawayBody,
} from '@rc/api-contract/application/app';
import { PageQuery } from '@rc/api-contract/common';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import { viewerOf } from '../../community/index.js';
import { pagedAnswer, pageWindow } from '../../lib/index.js';
import {
  appCategoryList,
  appDetail,
  authorCards,
  createApp,
  deleteApp,
  editableApp,
  launchesOf,
  ownApp,
  putaway,
  shelfCards,
  updateApp,
  visibleApp,
} from '../../applications/index.js';

const tags = ['应用中心'];

/** The application centre (public) and my applications. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/app/list',
    {
      schema: {
        tags,
        summary: '应用中心：已上架的应用（分类、关键词、分页）',
        body: AppListBody,
        response: { 200: Envelope(Page(AppCard)) },
      },
    },
    async (request) => {
      return pagedAnswer(request.body, (window) => shelfCards(app.db, request.body, window));
    },
  );

  app.post(
    '/api/app/view',
    { schema: { tags, summary: '应用详情：已上架的，或我的，或运营人员审核时', body: ByApp, response: { 200: Envelope(AppDetail) } } },
    async (request) => {
      const viewer = await viewerOf(app, request);
      return ok(await appDetail(app.db, viewer, await visibleApp(app.db, viewer, request.body.id)));
    },
  );

  app.get(
    '/api/app/category/list',
    { schema: { tags, summary: '应用分类', response: { 200: Envelope(Type.Array(AppCategoryView)) } } },
    async () => ok(await appCategoryList(app.db)),
  );

  app.post(
    '/auth/app/list',
    { schema: { tags, summary: '我的应用（含状态与驳回原因）', body: MyAppListBody, response: { 200: Envelope(Page(ManagedAppCard)) } } },
    async (request) => {
      return pagedAnswer(request.body, (window) => authorCards(app.db, currentUser(request).id, request.body.status, window));
    },
  );

  app.post(
    '/auth/app/save',
    { schema: { tags, summary: '创建应用（草稿：基本信息与描述）', body: AppFields, response: { 200: Envelope(AppDetail) } } },
    async (request) => {
      const user = currentUser(request);
      const created = await createApp(app.db, user, request.body, app.clock.now());
      return ok(await appDetail(app.db, user, created), '应用已保存为草稿');
    },
  );

  app.post(
    '/auth/app/update',
    {
      schema: {
        tags,
        summary: '修改应用的基本信息与描述（仅作者；审核中或已上架时不能修改）',
        body: AppUpdateBody,
        response: { 200: Envelope(AppDetail) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, ...fields } = request.body;
      await updateApp(app.db, await editableApp(app.db, user, id), fields, app.clock.now());
      return ok(await appDetail(app.db, user, await ownApp(app.db, user, id)), '应用已保存');
    },
  );

  app.post(
    '/auth/app/audit/view',
    { schema: { tags, summary: '我的应用详情：审核状态与驳回原因', body: ByApp, response: { 200: Envelope(AppDetail) } } },
    async (request) => {
      const user = currentUser(request);
      return ok(await appDetail(app.db, user, await ownApp(app.db, user, request.body.id)));
    },
  );

  app.post(
    '/auth/app/update/putaway',
    {
      schema: {
        tags,
        summary: '上架/下架：草稿或已驳回的应用提交审核，已下架的直接上架；已上架的下架，审核中的撤回',
        body: PutawayBody,
        response: { 200: Envelope(AppDetail) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const own = await ownApp(app.db, user, request.body.id);
      const msg = await putaway(app.db, own, request.body.putaway, app.clock.now());
      return ok(await appDetail(app.db, user, await ownApp(app.db, user, own.id)), msg);
    },
  );

  app.delete(
    '/auth/app/delete',
    {
      schema: {
        tags,
        summary: '删除应用（仅作者；从它部署的实例不受影响）',
        querystring: ByApp,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      const own = await ownApp(app.db, currentUser(request), request.query.id);
      await deleteApp(app.db, own);
      return ok(null, '应用已删除');
    },
  );

  app.post(
    '/auth/app/launch/list',
    {
      schema: {
        tags,
        summary: '我部署的应用：实例与应用的端口、启动命令',
        body: PageQuery,
        response: { 200: Envelope(Page(AppLaunchView)) },
      },
    },
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      return ok({ ...(await launchesOf(app, currentUser(request).id, pageSize, offset)), pageNum, pageSize });
    },
  );
};

export default routes;
