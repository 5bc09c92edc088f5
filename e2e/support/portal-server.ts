import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Settings } from '../../api-server/src/config';
import { startS3Peer } from '../../api-server/src/test-support/s3-peer';
import { ServerProcess } from '../../api-server/src/test-support/server-process';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server, and the S3 object store (s3rver) it keeps the blobs in. */
export type PortalServer = ServerProcess & { objectStore: S3Settings };

/** The server's settings for keeping its blobs in `objectStore`. */
function blobsIn(objectStore: S3Settings): Record<string, string> {
  const { endpoint = '', region, bucket, accessKeyId, secretAccessKey } = objectStore;
  return {
    BLOB_STORE: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: region,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** Names the folder of the run's site template: its `data` folder and its object store's `objects`. */
const siteTemplateVariable = 'RC_E2E_SITE_TEMPLATE';

/**
 * Vitest global setup (support/site-template.ts): the site every journey's server starts from, made once for the run by
 * a server's first start, which writes the demo data and transcodes the demo lesson (its stop waits for the transcoder).
 * A server writing its own took about 2.3 CPU-s more to start, and each transcoded the lesson again.
 */
export async function buildSiteTemplate(): Promise<() => void> {
  const template = mkdtempSync(path.join(tmpdir(), 'rc-e2e-site-'));
  const peer = await startS3Peer();
  try {
    const server = await ServerProcess.start({ dataDir: path.join(template, 'data'), env: blobsIn(peer.settings) });
    await server.stop();
    // s3rver wrote each object before it answered the PUT.
    cpSync(peer.directory, path.join(template, 'objects'), { recursive: true });
  } finally {
    await peer.close();
  }
  process.env[siteTemplateVariable] = template;
  return () => rmSync(template, { recursive: true, force: true });
}

/**
 * The real api-server serving the built portal from dist/web, with its blobs on S3 (`BLOB_STORE=s3` against s3rver on
 * a free port, stopped with it): every journey runs on S3, the api-server suites cover the local store. Its data folder
 * and bucket are copies of the run's site template, where there is one and the journey neither leaves out the demo data
 * nor sets the server's clock. `extraEnv` adds settings of the journey's own.
 */
export async function startPortalServer(extraEnv: Record<string, string> = {}): Promise<PortalServer> {
  const templateFolder = 'SEED_DEMO_DATA' in extraEnv || 'CLOCK_FILE' in extraEnv ? undefined : process.env[siteTemplateVariable];
  const copyOf = (part: string) => templateFolder && path.join(templateFolder, part);
  const peer = await startS3Peer({ copyOf: copyOf('objects') });
  const env = { ...blobsIn(peer.settings), ...extraEnv };
  const server = await ServerProcess.start({ env, copyOf: copyOf('data') }).catch(async (error: unknown) => {
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
