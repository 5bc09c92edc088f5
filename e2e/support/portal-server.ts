import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Settings } from '../../api-server/src/config';
import { startS3Peer } from '../../api-server/src/test-support/s3-peer';
import { ServerProcess } from '../../api-server/src/test-support/server-process';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server, and the S3 object store (s3rver) it keeps the blobs in. */
export type PortalServer = ServerProcess & { objectStore: S3Settings };

/**
 * The real api-server serving the built portal from dist/web, with a fresh data folder and its blobs
 * on S3 (`BLOB_STORE=s3` against s3rver on a free port, stopped with it): every journey runs on S3,
 * the api-server suites cover the local store. `extraEnv` adds settings of the journey's own.
 */
export async function startPortalServer(extraEnv: Record<string, string> = {}): Promise<PortalServer> {
  const peer = await startS3Peer();
  const { endpoint = '', region, bucket, accessKeyId, secretAccessKey } = peer.settings;
  const env = {
    BLOB_STORE: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: region,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    ...extraEnv,
  };
  const server = await ServerProcess.start({ env }).catch(async (error: unknown) => {
    await peer.close();
    throw error;
  });
  const stopServer = server.stop.bind(server);
  return Object.assign(server, {
    objectStore: peer.settings,
    async stop() {
      await stopServer();
      await peer.close();
    },
  });
}
