import type {
  ActivationResult,
  DiskEntry,
  Done,
  NetDiskOverview,
  NetDiskRegion,
  NetDiskTerms,
  TrashEntry,
} from '@rc/api-contract/net-disk/net-disk';
import type { SavedText, TextPreview } from '@rc/api-contract/file-preview';
import type { MoneyQuote } from '@rc/api-contract/user/quote';
import { api, formDownload, postForBlob, type Page, type Paging } from '@rc/shared-utility';

export type { DiskEntry, NetDiskOverview, NetDiskRegion, NetDiskTerms, TrashEntry };
export type SortField = 'name' | 'size' | 'time';

/** The upload tree a region's network disk is merged into (the merge params of `<rc-uploader>`). */
export const treeOf = (regionCode: string) => `netdisk:${regionCode}`;

export const netDiskOverview = () => api.get<NetDiskOverview>('/net-disk/auth/get', undefined, { errorTip: false, cache: false });
/** What activating or resizing charges now, with the 存储 voucher chosen (absent: the best usable one; 0: none). */
export const quoteActivation = (regionCode: string, sizeGb: number, voucherId?: number) =>
  api.post<MoneyQuote>('/net-disk/auth/activation/quote', { regionCode, sizeGb, voucherId });
export const activate = (regionCode: string, sizeGb: number, quoteToken: string) =>
  api.post<ActivationResult>('/net-disk/auth/activation', { regionCode, sizeGb, quoteToken });
export const listEntries = (body: Paging & { regionCode: string; path: string; sort: SortField; order: 'asc' | 'desc' }) =>
  api.post<Page<DiskEntry>>('/net-disk/auth/list', body, { errorTip: false });
export const makeFolder = (regionCode: string, path: string, name: string) =>
  api.post<string>('/net-disk/auth/mkdir', { regionCode, path, name });
export const renameEntry = (regionCode: string, path: string, name: string) =>
  api.post<string>('/net-disk/auth/rename', { regionCode, path, name });
export const moveEntries = (regionCode: string, paths: string[], to: string) =>
  api.post<Done>('/net-disk/auth/move', { regionCode, paths, to });
export const deleteEntry = (regionCode: string, path: string) =>
  api.post<TrashEntry>(`/net-disk/auth/delete?regionCode=${encodeURIComponent(regionCode)}&path=${encodeURIComponent(path)}`, {});
export const listTrash = (regionCode: string) => api.post<TrashEntry[]>('/net-disk/auth/trash/list', { regionCode }, { errorTip: false });
export const restoreItem = (id: number) => api.post<TrashEntry>('/net-disk/auth/trash/restore', { id });
export const deleteItem = (id: number) => api.post<TrashEntry>('/net-disk/auth/trash/delete', { id });
export const emptyTrash = (regionCode: string) => api.post<Done>('/net-disk/auth/trash/empty', { regionCode });
export const downloadEntry = (regionCode: string, path: string) => formDownload('/net-disk/auth/download', { regionCode, path });
export const readEntryText = (regionCode: string, path: string) =>
  api.post<TextPreview>('/net-disk/auth/read', { regionCode, path }, { errorTip: false });
export const saveEntryText = (regionCode: string, path: string, text: string) =>
  api.post<SavedText>('/net-disk/auth/save', { regionCode, path, text });
export const readEntryBytes = (regionCode: string, path: string) => postForBlob('/net-disk/auth/preview', { regionCode, path });

/** A day of `sizeGb` at the site's terms, as the server charges it (thousandths of a yuan). */
export const dayAmountOf = (sizeGb: number, terms: NetDiskTerms) =>
  Math.ceil((Math.max(0, sizeGb - terms.freeGb) * terms.monthPricePerGb) / 30);
