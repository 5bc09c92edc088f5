import type { ApiResult } from '../api-client';
import { apiUrl, callApi, postJson, TransportError } from './upload-connection';
import type { Preparation, UploadTarget } from './upload-targets';

/**
 * ID card images for real-name review (`uploadParams: { side: 'front' | 'back' }`): the server checks
 * the name and size first, takes the image whole in one form (at most 5 MB, one chunk), then saves
 * it as the current image of that side. An image the server refuses (not a JPG or PNG inside) is not
 * retried: its refusal becomes the item's error.
 */
export function credentialTarget(): UploadTarget {
  const refused = new Map<string, ApiResult<unknown>>();
  return {
    paths: { uploadPath: '/user/auth/user/credential/image/upload', mergePath: '/user/auth/user/credential/image/save' },

    prepare(item, connection) {
      refused.delete(item.id);
      return postJson<Preparation>(connection, '/user/auth/user/credential/image/check', {
        side: item.uploadParams.side,
        fileName: item.fileName,
        totalSize: item.fileSize,
        identifier: item.md5,
      });
    },

    async sendChunk(item, chunk, connection, signal) {
      const form = new FormData();
      const fields = {
        side: item.uploadParams.side ?? '',
        filename: item.fileName,
        identifier: item.md5,
        totalSize: item.fileSize,
        chunkNumber: chunk.index + 1,
        totalChunks: item.chunks.length,
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
      form.append('file', chunk.file, item.fileName);
      const answer = await callApi(connection, { method: 'POST', url: apiUrl(connection, item.uploadPath), body: form, signal });
      if (answer.code === -1) throw new TransportError(`image: ${answer.msg}`);
      if (answer.code !== 200) refused.set(item.id, answer);
    },

    merge(item, connection) {
      const refusal = refused.get(item.id);
      refused.delete(item.id);
      return refusal
        ? Promise.resolve(refusal)
        : postJson(connection, item.mergePath, { side: item.uploadParams.side, fileName: item.fileName, identifier: item.md5 });
    },
  };
}
