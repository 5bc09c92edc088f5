import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime, NullableDateTime } from '../values.js';

/** 0 未开通 (no application), 1 审核中, 2 已开通, 3 已驳回, 4 开通失败 (the cluster refused; the operator may retry). */
export const HpcAccountStatus = Type.Integer({ minimum: 0, maximum: 4, description: '0 未开通，1 审核中，2 已开通，3 已驳回，4 开通失败' });

/** The caller's HPC account on one cluster; every enabled cluster is listed, status 0 where they never applied. */
export const HpcAccountView = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()], { description: '未申请时为空' }),
  clusterId: Type.Integer(),
  clusterName: Type.String(),
  scheduler: Type.String({ description: "'simulated' 或 'slurm'" }),
  status: HpcAccountStatus,
  statusText: Type.String(),
  purpose: Type.String(),
  unixName: Type.String({ description: '集群上的账号名；开通后有效' }),
  home: Type.String({ description: '家目录（文件存储中的路径）' }),
  scratch: Type.String({ description: '临时工作目录' }),
  reason: Type.String({ description: '驳回原因或开通失败原因' }),
  appliedAt: NullableDateTime,
  openedAt: NullableDateTime,
});
export type HpcAccountView = Static<typeof HpcAccountView>;

export const HpcApplyBody = Type.Object({
  clusterId: Id('集群'),
  purpose: Type.String({ title: '用途说明', minLength: 2, maxLength: 500, description: '研究方向与预计用量' }),
});
export type HpcApplyBody = Static<typeof HpcApplyBody>;

/** Operator: applications to review. */
export const HpcReviewListBody = Type.Object({ ...PageQuery.properties, status: Type.Optional(HpcAccountStatus) });
export type HpcReviewListBody = Static<typeof HpcReviewListBody>;

export const HpcReviewItem = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  nickname: Type.String(),
  mobile: Type.String({ description: '脱敏手机号' }),
  clusterId: Type.Integer(),
  clusterName: Type.String(),
  status: HpcAccountStatus,
  statusText: Type.String(),
  purpose: Type.String(),
  unixName: Type.String(),
  reason: Type.String(),
  appliedAt: DateTime,
  reviewedAt: NullableDateTime,
});
export type HpcReviewItem = Static<typeof HpcReviewItem>;

export const HpcAccountById = Type.Object({ id: Id('申请') });
export type HpcAccountById = Static<typeof HpcAccountById>;

export const HpcRejectBody = Type.Object({ id: Id('申请'), reason: Type.String({ title: '驳回原因', minLength: 2, maxLength: 300 }) });
export type HpcRejectBody = Static<typeof HpcRejectBody>;
