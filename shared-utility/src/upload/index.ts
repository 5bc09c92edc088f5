import { bus } from '../event-bus';
import { $uploadListShow } from '../stores';
import { workerHasher } from './file-hasher';
import { indexedDbQueueStore } from './queue-store';
import { portalConnection } from './upload-connection';
import { createUploadEngine } from './upload-engine';

/** The page's upload queue, shared by every micro-app (and shown by `<rc-uploader>`). */
export const uploads = createUploadEngine({ hasher: workerHasher, store: indexedDbQueueStore(), connection: portalConnection });
export const $uploads = uploads.$items;

// Spec §4: on logout the uploader closes. The queue then holds only the signed-in account's items.
bus.on('session:logout', () => {
  $uploadListShow.set(false);
  void uploads.switchOwner();
});
bus.on('session:login', () => void uploads.switchOwner());
