export { cleanAbandonedUploads } from './cleanup.js';
export { IncrementalMd5 } from './incremental-md5.js';
export { storeUploadedFile } from './store-file.js';
export { areaKey, courseAccessoriesArea, videosArea } from './user-areas.js';
