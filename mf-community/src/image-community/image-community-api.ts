import type {
  CommunityImageCard,
  CommunityImageDetail,
  CommunityImageListBody,
  CoverUpload,
  ImageTagCount,
  MyCommunityImage,
  MyCommunityImageListBody,
  PublishImageBody,
  StarResult,
} from '@rc/api-contract/community/image-community';
import type { ImageView } from '@rc/api-contract/image/image';
import { api, type Page } from '@rc/shared-utility';

export type { CommunityImageCard, CommunityImageDetail, ImageTagCount, MyCommunityImage, PublishImageBody, ImageView };

export const listCommunityImages = (body: CommunityImageListBody) => api.post<Page<CommunityImageCard>>('/community/api/image/list', body);
export const listImageTags = () => api.post<ImageTagCount[]>('/community/api/image/tag/list');
const publicView = (id: number) => api.post<CommunityImageDetail>('/community/api/image/view', { id }, { errorTip: false });

/**
 * Signed in: with whether I starred it (and my own unpublished ones). A lost session (codes 300–400, 401)
 * is cleared by the client and the page falls back to the public view without an error (spec §4).
 */
export async function viewCommunityImage(id: number, signedIn: boolean) {
  if (!signedIn) return publicView(id);
  const result = await api.post<CommunityImageDetail>('/community/auth/image/view', { id }, { loginRedirect: false, errorTip: false });
  return (result.code >= 300 && result.code <= 400) || result.code === 401 ? publicView(id) : result;
}
export const starImage = (id: number, starred: boolean) =>
  api.post<StarResult>(starred ? '/community/auth/image/star' : '/community/auth/image/unstar', { id });
export const myCommunityImages = (body: MyCommunityImageListBody) =>
  api.post<Page<MyCommunityImage>>('/community/auth/image/my/list', body);
export const publishImage = (body: PublishImageBody) => api.post<MyCommunityImage>('/community/auth/image/publish', body);
export const unpublishImage = (id: number) => api.post<null>('/community/auth/image/unpublish', { id });
export const deleteCommunityImage = (id: number) => api.post<null>('/community/auth/image/delete', { id });
export const readyPrivateImages = () => api.post<Page<ImageView>>('/image/auth/private/page', { pageSize: 100 });

/** Sends one cover file (PNG/JPG/WebP, at most 2 MB) as a multipart form. */
export function uploadCover(file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  return api.post<CoverUpload>('/community/auth/image/cover/upload', form);
}
