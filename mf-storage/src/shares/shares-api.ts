import { api, formDownload, type Page, type Paging } from '@rc/shared-utility';
import type { ShareAccessView, ShareCreateBody, ShareOpened, ShareView, SharedEntry, SharedFolder } from '@rc/api-contract/data/share';

export type { ShareAccessView, ShareCreateBody, ShareOpened, ShareView, SharedEntry };

const quiet = { cache: false, errorTip: false } as const;

export const createShare = (body: ShareCreateBody) => api.post<ShareView>('/data/auth/share/create', body);
export const listShares = (paging: Paging) => api.post<Page<ShareView>>('/data/auth/share/list', paging, quiet);
export const revokeShare = (id: number) => api.post<ShareView>('/data/auth/share/revoke', { id });
export const listShareAccesses = (id: number, paging: Paging) =>
  api.post<Page<ShareAccessView>>('/data/auth/share/access/list', { id, ...paging }, quiet);

/** The share page's calls: no account needed. */
export const openShare = (token: string, code?: string) => api.post<ShareOpened>('/data/api/share/open', { token, code }, quiet);
export const listShared = (pass: string, path: string) => api.post<SharedFolder>('/data/api/share/list', { pass, path }, quiet);
export const downloadShared = (pass: string, path: string) => formDownload('/data/api/share/download', { pass, path });

/** The address of a share page, as the owner copies it. */
export const shareUrl = (token: string) => `${window.location.origin}/s/${token}`;

/** What the owner copies: the address, and the 提取码 when there is one (as Baidu Netdisk words it). */
export const shareText = (share: Pick<ShareView, 'token' | 'code'>) =>
  share.code ? `链接：${shareUrl(share.token)} 提取码：${share.code}` : shareUrl(share.token);

const codeAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
/** A 提取码 suggestion: 4 letters or digits, none that read alike (0/o, 1/l/i). */
export function randomShareCode(): string {
  const picks = crypto.getRandomValues(new Uint32Array(4));
  return Array.from(picks, (pick) => codeAlphabet[pick % codeAlphabet.length]).join('');
}

/** Where the rent page mounts a shared dataset from: the share page's pass. */
export const rentWithDatasetUrl = (pass: string) => `/account/suanli/create?datasetShare=${encodeURIComponent(pass)}`;
