export { readChunkForm, readFileForm } from './chunk-form.js';
export { checkChunks, holdsChunk, openChunkUpload, receiveChunkForm } from './chunk-upload.js';
export { checkFileName, checkRelativePath, joinPath } from './file-names.js';
export { usedBytes } from './quota.js';
export { storeUploadedFile, treePlacement } from './store-file.js';
