import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime } from '../values.js';

/** `/apis/community/.../image/...`: private images shared with the community, their stars and the fit check before renting. */
export const CommunityImageId = Id('社区镜像');

export const CommunityImageIdBody = Type.Object({ id: CommunityImageId });
export type CommunityImageIdBody = Static<typeof CommunityImageIdBody>;

export const ImageTag = Type.String({ title: '标签', minLength: 1, maxLength: 20 });
export const CudaVersion = Type.String({
  title: 'CUDA版本',
  pattern: '^\\d{1,2}\\.\\d{1,2}$',
  maxLength: 5,
  description: '应为如 12.1 的版本号',
});

/** What the publisher writes about the image; the image itself is chosen on publishing. */
export const CommunityImageFields = Type.Object({
  title: Type.String({ title: '标题', minLength: 1, maxLength: 60 }),
  summary: Type.String({ title: '简介', maxLength: 200 }),
  descriptionMd: Type.String({ title: '镜像说明', maxLength: 20_000 }),
  tags: Type.Array(ImageTag, { title: '标签', maxItems: 8, uniqueItems: true, description: '最多8个标签，每个不超过20个字' }),
  cudaVersion: CudaVersion,
  ports: Type.Array(Type.Integer({ title: '端口', minimum: 1, maximum: 65_535 }), {
    title: '端口',
    maxItems: 10,
    uniqueItems: true,
    description: '最多10个端口',
  }),
  coverUrl: Type.String({
    title: '封面地址',
    maxLength: 500,
    pattern: '^(/apis/[\\x21-\\x7e]+)?$',
    description: '只能使用本站上传的封面（/apis/ 开头）',
  }),
});
export type CommunityImageFields = Static<typeof CommunityImageFields>;

export const PublishImageBody = Type.Intersect([Type.Object({ imageId: Id('私有镜像') }), CommunityImageFields]);
export type PublishImageBody = Static<typeof PublishImageBody>;

export const UpdateCommunityImageBody = Type.Intersect([CommunityImageIdBody, CommunityImageFields]);
export type UpdateCommunityImageBody = Static<typeof UpdateCommunityImageBody>;

export const CommunityImageSort = Type.Union([Type.Literal('latest'), Type.Literal('stars'), Type.Literal('uses')], {
  title: '排序',
  description: 'latest 最新；stars 最多收藏；uses 最多使用',
});
export type CommunityImageSort = Static<typeof CommunityImageSort>;

export const CommunityImageListBody = Type.Intersect([
  PageQuery,
  Type.Object({
    keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 40 })),
    tag: Type.Optional(Type.String({ title: '标签', maxLength: 20 })),
    sort: Type.Optional(CommunityImageSort),
  }),
]);
export type CommunityImageListBody = Static<typeof CommunityImageListBody>;

export const MyCommunityImageListBody = Type.Intersect([
  PageQuery,
  Type.Object({ tag: Type.Optional(Type.String({ title: '标签', maxLength: 20 })) }),
]);
export type MyCommunityImageListBody = Static<typeof MyCommunityImageListBody>;

/** One card of the community list. */
export const CommunityImageCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  tags: Type.Array(Type.String()),
  cudaVersion: Type.String({ description: '镜像所需的最低CUDA版本' }),
  coverUrl: Type.String(),
  framework: Type.String(),
  ownerName: Type.String(),
  starCount: Type.Integer(),
  useCount: Type.Integer(),
  gmtCreate: DateTime,
});
export type CommunityImageCard = Static<typeof CommunityImageCard>;

/** The detail page: the card, the description and the facts of the image itself. */
export const CommunityImageDetail = Type.Intersect([
  CommunityImageCard,
  Type.Object({
    imageId: Type.Integer({ description: '租用时使用的镜像ID' }),
    descriptionMd: Type.String(),
    descriptionHtml: Type.String({ description: '服务端渲染的说明（浏览器再次净化后展示）' }),
    ports: Type.Array(Type.Integer()),
    frameworkVersion: Type.String(),
    python: Type.String(),
    imageCuda: Type.String({ description: '镜像内的CUDA版本' }),
    os: Type.String(),
    sizeBytes: Type.Integer(),
    status: Type.Integer({ description: '0 已下架；1 已发布；2 审核中；3 未通过' }),
    reviewNote: Type.String(),
    mine: Type.Boolean(),
    starred: Type.Boolean(),
    gmtModified: DateTime,
  }),
]);
export type CommunityImageDetail = Static<typeof CommunityImageDetail>;

/** One of my shared images, with where it stands. */
export const MyCommunityImage = Type.Intersect([
  CommunityImageCard,
  Type.Object({
    imageId: Type.Integer(),
    imageName: Type.String(),
    status: Type.Integer({ description: '0 已下架；1 已发布；2 审核中；3 未通过' }),
    statusName: Type.String(),
    reviewNote: Type.String(),
    gmtModified: DateTime,
  }),
]);
export type MyCommunityImage = Static<typeof MyCommunityImage>;

export const ImageTagCount = Type.Object({ tag: Type.String(), count: Type.Integer() });
export type ImageTagCount = Static<typeof ImageTagCount>;

export const StarResult = Type.Object({ starred: Type.Boolean(), starCount: Type.Integer() });
export type StarResult = Static<typeof StarResult>;

/** The rent choice to check an image against: the region and GPU model (or one node) of the rent page. */
export const ImageUseBody = Type.Object({
  id: CommunityImageId,
  regionCode: Type.String({ title: '地区', minLength: 1, maxLength: 32 }),
  gpuModelId: Id('GPU型号'),
  nodeId: Type.Optional(Id('主机')),
});
export type ImageUseBody = Static<typeof ImageUseBody>;

/** A region and GPU model whose nodes' drivers fit the image. */
export const FittingChoice = Type.Object({
  regionCode: Type.String(),
  regionName: Type.String(),
  gpuModelId: Type.Integer(),
  gpuModelName: Type.String(),
  cudaVersion: Type.String({ description: '这些主机中最高的驱动CUDA版本' }),
});
export type FittingChoice = Static<typeof FittingChoice>;

export const ImageFit = Type.Object({
  id: Type.Integer(),
  imageId: Type.Integer(),
  title: Type.String(),
  cudaVersion: Type.String(),
  fits: Type.Boolean(),
  reasons: Type.Array(Type.String(), { description: '不适配的原因（中文）；适配时为空' }),
  fitting: Type.Array(FittingChoice, { description: '适配该镜像的地区与GPU型号' }),
});
export type ImageFit = Static<typeof ImageFit>;

export const CoverUpload = Type.Object({ url: Type.String({ description: '/apis/community/api/image/cover/<key>' }) });
export type CoverUpload = Static<typeof CoverUpload>;

export const CoverKeyParams = Type.Object({
  key: Type.String({ title: '封面', pattern: '^[0-9a-f]{64}\\.(png|jpg|webp)$', maxLength: 80 }),
});
export type CoverKeyParams = Static<typeof CoverKeyParams>;

export const CoverBytes = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: '封面图片字节' });
