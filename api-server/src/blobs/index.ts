export { attachmentDisposition, KeyClashError, TooLargeError } from './blob-store.js';
export { byteRange } from './byte-range.js';
export { LocalFolderStore } from './local-folder-store.js';
export { localTransferPath, type TransferGrant } from './local-transfer.js';
