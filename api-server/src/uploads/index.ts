export { checkChunks, holdsChunk, openChunkUpload, receiveChunkForm } from './chunk-upload.js';
export { cleanAbandonedUploads } from './cleanup.js';
export { IncrementalMd5 } from './incremental-md5.js';
export { PlacedFileHashes } from './placed-file-hashes.js';
export { usedBytes } from './quota.js';
export { recordedMd5s, storeUploadedFile, treePlacement } from './store-file.js';
export { areaKey, courseAccessoriesArea, videosArea } from './user-areas.js';
