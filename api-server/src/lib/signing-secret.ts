import type { AppConfig } from '../config.js';
import { keptSecret } from './kept-secret.js';

/** The key that signs presigned chunk URLs: UPLOAD_SIGNING_SECRET, or one kept in the data folder so URLs survive a restart. */
export function loadSigningSecret(config: AppConfig): Buffer {
  return keptSecret(config.uploads.signingSecret, config.dataDir, 'upload-signing.key');
}
