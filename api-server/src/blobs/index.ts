export { type BlobObject, type BlobStore, KeyClashError, TooLargeError, transferOrigin, type UploadedPart } from './blob-store.js';
export { createBlobStore } from './create-blob-store.js';
