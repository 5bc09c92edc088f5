import { describeBackup, runCommand } from './command-line.js';
import { restoreBackup } from './restore.js';

const usage = `Usage: npm run restore -- <file> [--force]

Restores a backup made by \`npm run backup\` into the site the server's environment variables name (DATA_DIR,
DATABASE_URL, BLOB_STORE, S3_*), with the server stopped. Every checksum is checked before anything is written.
It refuses a data folder, database or bucket that holds data unless --force is given: then the database and the
blobs are replaced, and a data folder's former content is moved aside to <DATA_DIR>.replaced-<time>.
Afterwards it checks the row counts, the books (trial balance 0, every balance equal to its entries) and every blob.`;

await runCommand('restore', usage, async ({ config, file, force }) => {
  const summary = await restoreBackup(config, file, { force });
  const setAside = summary.setAside ? `\n  former content of the data folder moved to ${summary.setAside}` : '';
  return `restored into ${summary.target}; row counts, books and blobs checked\n${describeBackup(summary)}${setAside}`;
});
