import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { DataDirLockedError, startDatabase, type StartingDatabase } from './db/index.js';

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

async function startOrExit(): Promise<StartingDatabase> {
  try {
    return await startDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`api-server: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

// The database opens (PGlite on a thread of its own) while the rest of the server is imported and built: each took
// about a second of every start, one after the other (issue 31).
const [database, { serve }] = await Promise.all([startOrExit(), import('./serve.js')]);
await serve(config, database);
