import type { SavedItem } from './queue-store';

/** A CPU upload of 3 bytes in 1-byte chunks, 40 % sent, saved just now by `ann` (for the engine pieces' unit tests). */
export const savedItemOf = (id: string, change: Partial<SavedItem> = {}): SavedItem => ({
  id,
  uploadType: 'cpu',
  fileName: `${id}.bin`,
  fileSize: 3,
  lastModified: 7,
  md5: '',
  uploadId: '',
  chunkSize: 1,
  progress: 40,
  uploadPath: '/orion/upload',
  mergePath: '/orion/merge',
  uploadParams: { path: '/' },
  mergeParams: { path: '/' },
  owner: 'ann',
  savedAt: Date.now(),
  ...change,
});
