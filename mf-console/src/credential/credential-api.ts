import { api, postForBlob, uploads } from '@rc/shared-utility';

export type IdCardSide = 'front' | 'back';

export interface IdCardImage {
  id: number;
  side: IdCardSide;
  sideName: string;
  fileName: string;
  contentType: string;
  size: number;
  gmtModified: string;
}

export const idCardSides: readonly { side: IdCardSide; name: string; hint: string }[] = [
  { side: 'front', name: '人像面', hint: '带有本人照片的一面' },
  { side: 'back', name: '国徽面', hint: '带有国徽与有效期限的一面' },
];

const maxImageBytes = 5 * 1024 * 1024;

/** The server's own rules, checked before hashing so a wrong file is refused at once (the server checks again). */
export function imageProblem(file: File): string | null {
  if (!/\.(jpe?g|png)$/i.test(file.name)) return '仅支持 JPG、PNG 格式的图片';
  if (file.size === 0) return '图片不能为空';
  if (file.size > maxImageBytes) return '图片大小不能超过5MB';
  return null;
}

export const listIdCardImages = () => api.post<{ list: IdCardImage[] }>('/user/auth/user/credential/image/list');
export const readIdCardImage = (id: number) => postForBlob('/user/auth/user/credential/image/view', { id });
export const deleteIdCardImage = (id: number) => api.post<null>('/user/auth/user/credential/image/delete', { id });
/** Through the shared upload queue (the header's 传输列表 shows it too); its `credential` target owns the calls. */
export const uploadIdCardImage = (file: File, side: IdCardSide) => uploads.add(file, { uploadType: 'credential', uploadParams: { side } });
