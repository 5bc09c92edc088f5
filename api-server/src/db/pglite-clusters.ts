import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../repo-root.js';

/**
 * Created and migrated PGlite clusters, one per PGlite version and migrations folder, that new database folders are
 * copied from. Creating a cluster (PostgreSQL's initdb in WebAssembly, then the migrations) took 5 s and 7 CPU-s on an
 * idle 2-core machine, copying one about 0.1 s; a checkout makes many new folders (each test's server, every restore).
 */
const clustersFolder = path.join(repoRoot, 'node_modules/.cache/pglite-clusters');

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let folder = path.dirname(entry);
  while (!fs.existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return (JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Names a cluster by what made it: PGlite's version and every migration drizzle would run, with the journal. */
function clusterName(migrations: string): string {
  const hash = createHash('sha256').update(pgliteVersion());
  const files = [
    ...fs
      .readdirSync(migrations)
      .filter((name) => name.endsWith('.sql'))
      .sort(),
    'meta/_journal.json',
  ];
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(migrations, file)));
  return hash.digest('hex').slice(0, 24);
}

const writable = (folder: string) => {
  try {
    fs.mkdirSync(folder, { recursive: true });
    fs.accessSync(folder, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * Makes `folder` a new PGlite database migrated from `migrations`: a copy of the cluster for them, which `create`
 * makes first when missing (processes doing so at once each make one; the first kept wins). Where the clusters'
 * folder is read-only, `create` makes `folder` itself.
 */
export async function newPgliteFolder(
  folder: string,
  migrations: string,
  create: (folder: string) => Promise<void>,
  clusters = clustersFolder,
): Promise<void> {
  if (!writable(clusters)) return create(folder);
  const cluster = path.join(clusters, clusterName(migrations));
  if (!fs.existsSync(cluster)) {
    const building = `${cluster}.${randomBytes(4).toString('hex')}`;
    try {
      await create(building);
      fs.renameSync(building, cluster);
    } catch (error) {
      fs.rmSync(building, { recursive: true, force: true });
      if (!fs.existsSync(cluster)) throw error;
    }
  }
  fs.cpSync(cluster, folder, { recursive: true });
}
