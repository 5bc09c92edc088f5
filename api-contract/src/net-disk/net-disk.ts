import { Type, type Static } from 'typebox';
import { PageQuery } from '../common.js';
import { TextContent } from '../file-preview.js';
import { RegionCode } from '../user/compute.js';
import { QuoteToken } from '../user/quote.js';
import { VoucherChoice } from '../user/voucher.js';
import { DateTime, Money } from '../values.js';

/** A path in the network disk ('' is its root), checked by the server against the file-name rules. */
export const DiskPath = Type.String({ title: '路径', maxLength: 1024 });
export const EntryName = Type.String({ title: '名称', minLength: 1, maxLength: 255 });

/** The site's terms for network disks (sys_config `netDiskPrice`). */
export const NetDiskTerms = Type.Object({
  freeGb: Type.Integer({ description: '免费额度（GB）' }),
  monthPricePerGb: Money('超出免费额度部分每GB每月价格'),
  maxGb: Type.Integer({ description: '单个网盘的最大容量（GB）' }),
  filesPerGb: Type.Integer({ description: '每GB容量可存的文件数' }),
});
export type NetDiskTerms = Static<typeof NetDiskTerms>;

/** One region and the user's network disk there (status 0: not activated). */
export const NetDiskRegion = Type.Object({
  regionCode: Type.String(),
  regionName: Type.String(),
  status: Type.Integer({ description: '0 未开通；1 使用中；2 已冻结（欠费，只读）' }),
  sizeGb: Type.Integer({ description: '容量（GB），未开通为0' }),
  quotaBytes: Type.Integer(),
  quotaFiles: Type.Integer(),
  usedBytes: Type.Integer({ description: '已用字节，含回收站' }),
  usedFiles: Type.Integer({ description: '已用文件数，含回收站' }),
  dayAmount: Money('每日费用'),
  paidThrough: Type.Union([DateTime, Type.Null()], { description: '已付费至' }),
  activatedAt: Type.Union([DateTime, Type.Null()]),
});
export type NetDiskRegion = Static<typeof NetDiskRegion>;

export const NetDiskOverview = Type.Object({ terms: NetDiskTerms, regions: Type.Array(NetDiskRegion) });
export type NetDiskOverview = Static<typeof NetDiskOverview>;

const ActivationSize = {
  regionCode: RegionCode,
  sizeGb: Type.Integer({ title: '容量（GB）', minimum: 1, maximum: 1_000_000 }),
};

/** An activation or resize to price first; the quote picks the best usable 存储 voucher unless told another or none. */
export const ActivationQuoteBody = Type.Object({ ...ActivationSize, voucherId: VoucherChoice });
export type ActivationQuoteBody = Static<typeof ActivationQuoteBody>;

export const ActivationBody = Type.Object({
  ...ActivationSize,
  /** 报价接口返回的凭证：按报价扣费并使用报价选定的代金券；不传则按当前价格扣费，不用代金券 */
  quoteToken: Type.Optional(QuoteToken),
});
export type ActivationBody = Static<typeof ActivationBody>;

/** What an activation or a resize did: the disk now, and what was charged at once. */
export const ActivationResult = Type.Object({ disk: NetDiskRegion, charged: Money('本次扣费') });
export type ActivationResult = Static<typeof ActivationResult>;

export const TotalUsed = Type.Object({
  usedBytes: Type.Integer(),
  usedFiles: Type.Integer(),
  quotaBytes: Type.Integer(),
  quotaFiles: Type.Integer(),
  disks: Type.Integer({ description: '已开通的网盘个数' }),
});
export type TotalUsed = Static<typeof TotalUsed>;

export const SortField = Type.Union([Type.Literal('name'), Type.Literal('size'), Type.Literal('time')]);
export const SortOrder = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);

export const ListBody = Type.Intersect([
  Type.Object({
    regionCode: RegionCode,
    path: Type.Optional(DiskPath),
    sort: Type.Optional(SortField),
    order: Type.Optional(SortOrder),
  }),
  PageQuery,
]);
export type ListBody = Static<typeof ListBody>;

export const DiskEntry = Type.Object({
  name: Type.String(),
  path: Type.String({ description: '网盘中的路径，含名称' }),
  isDir: Type.Boolean(),
  size: Type.Integer({ description: '字节；文件夹为0' }),
  modifiedAt: DateTime,
});
export type DiskEntry = Static<typeof DiskEntry>;

export const DeleteQuery = Type.Object({ regionCode: RegionCode, path: DiskPath });
export type DeleteQuery = Static<typeof DeleteQuery>;

export const MkdirBody = Type.Object({ regionCode: RegionCode, path: Type.Optional(DiskPath), name: EntryName });
export type MkdirBody = Static<typeof MkdirBody>;

export const RenameBody = Type.Object({ regionCode: RegionCode, path: DiskPath, name: EntryName });
export type RenameBody = Static<typeof RenameBody>;

/** Moves or copies entries into the folder `to` ('' is the root), keeping their names. */
export const TransferBody = Type.Object({
  regionCode: RegionCode,
  paths: Type.Array(DiskPath, { minItems: 1, maxItems: 100 }),
  to: DiskPath,
});
export type TransferBody = Static<typeof TransferBody>;

export const RegionBody = Type.Object({ regionCode: RegionCode });
export type RegionBody = Static<typeof RegionBody>;

export const TrashItemBody = Type.Object({ id: Type.Integer({ title: '回收站项', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
export type TrashItemBody = Static<typeof TrashItemBody>;

export const TrashEntry = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  originalPath: Type.String(),
  isDir: Type.Boolean(),
  bytes: Type.Integer(),
  files: Type.Integer(),
  deletedAt: DateTime,
  expiresAt: DateTime,
});
export type TrashEntry = Static<typeof TrashEntry>;

export const DownloadBody = Type.Object({ regionCode: RegionCode, path: DiskPath });
export type DownloadBody = Static<typeof DownloadBody>;

export const Done = Type.Object({ count: Type.Integer({ description: '处理的项数' }) });
export type Done = Static<typeof Done>;

/** A move or copy: a copy with a folder among the items runs as a background task. */
export const TransferDone = Type.Object({
  count: Type.Integer({ description: '处理的项数' }),
  taskId: Type.Union([Type.Integer(), Type.Null()], { description: '转为后台任务时为任务 id，否则为 null' }),
});
export type TransferDone = Static<typeof TransferDone>;

export const SaveTextBody = Type.Object({ regionCode: RegionCode, path: DiskPath, text: TextContent });
export type SaveTextBody = Static<typeof SaveTextBody>;
