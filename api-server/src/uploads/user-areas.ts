import { invalid } from '../errors.js';

/** Where a user's stored files of one area live in the blob store. */
export const areaKey = (userId: number, area: string, path: string) => `users/${userId}/${area}/${path}`;

export const videosArea = 'videos';

export function cloudArea(regionCode: string): string {
  if (!/^[A-Za-z0-9-]{1,40}$/.test(regionCode)) throw invalid('地区编码不合法');
  return `cloud/${regionCode}`;
}

/** A chunk's marker: present once the chunk's bytes are written whole into the assembly. */
export const chunkKey = (uploadId: string, chunkNumber: number) => `uploads/${uploadId}/${chunkNumber}`;
/** The upload's bytes, written chunk by chunk at their offsets. */
export const assemblyKey = (uploadId: string) => `uploads/${uploadId}/data`;
export const uploadPrefix = (uploadId: string) => `uploads/${uploadId}`;
