import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { DataDirLockedError, openDatabase, type OpenDatabase } from './db/index.js';

let config: AppConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`api-server: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

async function openOrExit(): Promise<OpenDatabase> {
  try {
    return await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`api-server: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

// The database opens (PGlite on a thread of its own) while the rest of the server is imported: each took about a
// second of every start, one after the other (issue 31).
const [database, { serve }] = await Promise.all([openOrExit(), import('./serve.js')]);
await serve(config, database);
