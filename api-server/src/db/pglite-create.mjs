// Creates a PGlite database folder and migrates it, as a process of its own (db/open-database.ts runs it): creating
// and migrating a database compiles much of PGlite's WebAssembly and grows its memory, which a process keeps once
// grown; this one ends, and the server opens the folder as it does at every restart (issue 31: a new site's idle
// server held about 200 MB more than after a restart). Plain JavaScript, like pglite-thread.mjs.
//   node pglite-create.mjs <folder> <migrations folder>
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openPgliteFolder } from './pglite-folder.mjs';

// The server that started this process went away: stop rather than write on in a folder nobody waits for.
process.stdin.on('end', () => process.exit(1)).resume();

const [folder, migrationsFolder] = process.argv.slice(2);
const pglite = await openPgliteFolder(folder);
await migrate(drizzle({ client: pglite }), { migrationsFolder });
await pglite.close();
process.exit(0);
