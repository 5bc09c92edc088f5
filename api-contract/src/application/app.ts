import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime, NullableDateTime } from '../values.js';
import { DataDiskExtraGb, GpuCount } from '../user/compute.js';
import { InstanceAppView } from '../user/instance-app.js';

/**
 * The application centre: an application is a packaged environment (an image, an instance
 * template and a description) that users launch as an instance through the normal rent order.
 * Status (ShelfStatus): 0 草稿, 1 已上架, 2 审核中, 3 已驳回, 4 已下架.
 */

export const AppId = Id('应用');

export const AppCategoryView = Type.Object({ id: Type.Integer(), name: Type.String() });
export type AppCategoryView = Static<typeof AppCategoryView>;

export const TemplatePort = Type.Object({
  port: Type.Integer({ title: '端口', minimum: 1, maximum: 65_535 }),
  name: Type.String({ title: '端口名称', minLength: 1, maxLength: 20 }),
  protocol: Type.Union([Type.Literal('http'), Type.Literal('tcp')], { title: '协议' }),
});
export type TemplatePort = Static<typeof TemplatePort>;

export const TemplateEnvVar = Type.Object({
  name: Type.String({
    title: '变量名',
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
    description: '字母、数字与下划线，不以数字开头',
  }),
  value: Type.String({ title: '变量值', maxLength: 1000 }),
});
export type TemplateEnvVar = Static<typeof TemplateEnvVar>;

/** When the started service counts as ready: one of the template's ports answers (HTTP: a GET of path; TCP: a connection). */
export const TemplateReadiness = Type.Object({
  port: Type.Integer({ title: '就绪检查端口', minimum: 1, maximum: 65_535 }),
  path: Type.String({ title: '就绪检查路径', maxLength: 200, description: 'HTTP 端口请求的路径（以 / 开头）；TCP 端口为空' }),
});
export type TemplateReadiness = Static<typeof TemplateReadiness>;

/** The instance an application rents: the rent form's choices, filled in for the user. */
export const AppTemplateView = Type.Object({
  imageId: Type.Integer(),
  imageName: Type.String(),
  imageCuda: Type.String({ description: '镜像需要的 CUDA 版本' }),
  regionCode: Type.String({ description: "地区编码；'' 表示任意有该型号的地区" }),
  regionName: Type.String({ description: '地区名称；任意地区为「不限地区」' }),
  gpuModelId: Type.Integer(),
  gpuModelCode: Type.String(),
  gpuModelName: Type.String(),
  gpuCount: Type.Integer(),
  dataDiskGb: Type.Integer({ description: '数据盘扩容(GB)，免费数据盘之外' }),
  ports: Type.Array(TemplatePort),
  startCommand: Type.String({ description: '实例启动后运行的命令' }),
  env: Type.Array(TemplateEnvVar, { description: '启动命令的环境变量' }),
  readiness: Type.Union([TemplateReadiness, Type.Null()], { description: '就绪检查；null 表示进程运行即就绪' }),
});
export type AppTemplateView = Static<typeof AppTemplateView>;

/** An application as a card of the centre. */
export const AppCard = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  summary: Type.String(),
  categoryId: Type.Union([Type.Integer(), Type.Null()]),
  categoryName: Type.String(),
  authorId: Type.Integer(),
  authorName: Type.String(),
  launchCount: Type.Integer({ description: '部署次数' }),
  gpuModelName: Type.String({ description: '模板的GPU型号；尚无模板为空' }),
  gpuCount: Type.Integer({ description: '模板的GPU数量；尚无模板为0' }),
  publishedAt: NullableDateTime,
});
export type AppCard = Static<typeof AppCard>;

/** A card with its review state, for the author's and the operator's lists. */
export const ManagedAppCard = Type.Object({
  ...AppCard.properties,
  status: Type.Integer({ description: '0 草稿, 1 已上架, 2 审核中, 3 已驳回, 4 已下架' }),
  statusName: Type.String(),
  reviewNote: Type.String({ description: '驳回原因' }),
  updatedAt: DateTime,
});
export type ManagedAppCard = Static<typeof ManagedAppCard>;

/** An application with its description, template and review state. */
export const AppDetail = Type.Object({
  ...ManagedAppCard.properties,
  descriptionMarkdown: Type.String(),
  descriptionHtml: Type.String({ description: '服务端渲染并净化的描述 HTML' }),
  template: Type.Union([AppTemplateView, Type.Null()]),
  isMine: Type.Boolean(),
});
export type AppDetail = Static<typeof AppDetail>;

export const AppListBody = Type.Intersect([
  PageQuery,
  Type.Object({
    categoryId: Type.Optional(Id('分类')),
    keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 40 })),
  }),
]);
export type AppListBody = Static<typeof AppListBody>;

export const ByApp = Type.Object({ id: AppId });
export type ByApp = Static<typeof ByApp>;

export const MyAppListBody = Type.Intersect([
  PageQuery,
  Type.Object({ status: Type.Optional(Type.Integer({ title: '状态', minimum: 0, maximum: 4 })) }),
]);
export type MyAppListBody = Static<typeof MyAppListBody>;

/** The basic information and description of an application. */
export const AppFields = Type.Object({
  name: Type.String({ title: '应用名称', minLength: 1, maxLength: 60 }),
  categoryId: Id('分类'),
  summary: Type.String({ title: '简介', maxLength: 300 }),
  descriptionMarkdown: Type.Optional(Type.String({ title: '应用描述', maxLength: 20_000 })),
});
export type AppFields = Static<typeof AppFields>;

export const AppUpdateBody = Type.Intersect([ByApp, AppFields]);
export type AppUpdateBody = Static<typeof AppUpdateBody>;

export const PutawayBody = Type.Object({
  id: AppId,
  putaway: Type.Boolean({ description: 'true 上架（草稿、已驳回的应用提交审核；已下架的直接上架），false 下架（审核中的撤回为草稿）' }),
});
export type PutawayBody = Static<typeof PutawayBody>;

export const TemplateBody = Type.Object({
  id: AppId,
  imageId: Id('镜像'),
  regionCode: Type.String({ title: '地区', maxLength: 32, pattern: '^[a-z0-9-]*$', description: "'' 表示不限地区" }),
  gpuModelCode: Type.String({ title: 'GPU型号', minLength: 1, maxLength: 32 }),
  gpuCount: GpuCount,
  dataDiskGb: DataDiskExtraGb,
  ports: Type.Array(TemplatePort, { title: '端口', maxItems: 10 }),
  startCommand: Type.String({ title: '启动命令', maxLength: 1000 }),
  env: Type.Optional(Type.Array(TemplateEnvVar, { title: '环境变量', maxItems: 20 })),
  readiness: Type.Optional(Type.Union([TemplateReadiness, Type.Null()], { title: '就绪检查' })),
});
export type TemplateBody = Static<typeof TemplateBody>;

/** An image an application may be built on. */
export const TemplateImage = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  framework: Type.String(),
  frameworkVersion: Type.String(),
  python: Type.String(),
  cuda: Type.String(),
  os: Type.String(),
  source: Type.Union([Type.Literal('system'), Type.Literal('mine'), Type.Literal('community')], {
    description: 'system 系统镜像；mine 我的镜像；community 社区已发布的镜像',
  }),
});
export type TemplateImage = Static<typeof TemplateImage>;

export const ScopeBody = Type.Object({ imageId: Type.Optional(Id('镜像')) });
export type ScopeBody = Static<typeof ScopeBody>;

/** A region and GPU model of the pool where a template can run. */
export const TemplateScope = Type.Object({
  regionCode: Type.String(),
  regionName: Type.String(),
  gpuModelId: Type.Integer(),
  gpuModelCode: Type.String(),
  gpuModelName: Type.String(),
  maxGpuPerNode: Type.Integer({ description: '该地区该型号单台主机的最多卡数' }),
  cudaVersion: Type.String({ description: '该地区该型号主机驱动支持的最高 CUDA 版本' }),
  fits: Type.Boolean({ description: '给出镜像时：驱动是否支持该镜像的 CUDA 版本' }),
});
export type TemplateScope = Static<typeof TemplateScope>;

/** A GPU model a template may ask for, with what the pool offers of it. */
export const TemplateGpuModel = Type.Object({
  code: Type.String(),
  name: Type.String(),
  memoryGb: Type.Integer(),
  maxGpuPerNode: Type.Integer({ description: '所有地区单台主机的最多卡数' }),
  regionNames: Type.Array(Type.String()),
});
export type TemplateGpuModel = Static<typeof TemplateGpuModel>;

export const ReviewListBody = Type.Intersect([
  PageQuery,
  Type.Object({ status: Type.Optional(Type.Integer({ title: '状态', minimum: 0, maximum: 4, description: '默认 2 审核中' })) }),
]);
export type ReviewListBody = Static<typeof ReviewListBody>;

export const RejectBody = Type.Object({ id: AppId, reason: Type.String({ title: '驳回原因', minLength: 1, maxLength: 200 }) });
export type RejectBody = Static<typeof RejectBody>;

/** An instance launched from an application, with the application's access information. */
export const AppLaunchView = Type.Object({
  id: Type.Integer(),
  appId: Type.Integer(),
  appName: Type.String(),
  instanceId: Type.Integer(),
  instanceName: Type.String(),
  instanceStatus: Type.Integer(),
  sshHost: Type.String(),
  ports: Type.Array(TemplatePort, { description: '部署时模板的端口' }),
  startCommand: Type.String({ description: '部署时模板的启动命令' }),
  service: Type.Union([InstanceAppView, Type.Null()], { description: '应用服务的状态；实例已不记录应用时为 null' }),
  createdAt: DateTime,
});
export type AppLaunchView = Static<typeof AppLaunchView>;
