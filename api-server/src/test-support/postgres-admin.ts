import pg from 'pg';

/** A test database's URL on the server `adminUrl` names. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Drops a test database once its last connection is gone, waiting up to 5 s before it forces the rest off. A pool ended
 * a moment before still has connections closing: forcing them off then fails the closing client with an error no one
 * listens to any more, which the test run reports as unhandled.
 */
export async function dropDatabaseWhenFree(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`drop database if exists ${name}${attempt === 50 ? ' with (force)' : ''}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
}
