import { workerHasher } from './file-hasher';
import { indexedDbQueueStore } from './queue-store';
import { portalConnection } from './upload-connection';
import { createUploadEngine } from './upload-engine';

/** The page's upload queue, shared by every micro-app (and shown by `<rc-uploader>`). */
export const uploads = createUploadEngine({ hasher: workerHasher, store: indexedDbQueueStore(), connection: portalConnection });
export const $uploads = uploads.$items;
