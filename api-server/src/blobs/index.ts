export {
  attachmentDisposition,
  type BlobObject,
  type BlobStore,
  KeyClashError,
  TooLargeError,
  transferOrigin,
  type UploadedPart,
} from './blob-store.js';
export { byteRange } from './byte-range.js';
export { createBlobStore } from './create-blob-store.js';
export { LocalFolderStore } from './local-folder-store.js';
export { localTransferPath, type TransferGrant } from './local-transfer.js';
