import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type OpenDatabase } from '../db/open-database.js';
import { bills } from '../db/schema.js';
import { checkLedger } from '../billing/ledger.js';
import type { TestApp } from '../test-support/test-app.js';
import { balanceOf, privateNode, rent, setUpComputeTestApp, userWithBalance } from '../test-support/compute-test-kit.js';
import { meterRunningInstances } from './scheduler.js';
import { runMeteringPasses } from '../periodic-jobs.js';

const hour = 3_600_000;

// Two replicas are two apps on one PostgreSQL database; PGlite is one process by construction.
describe.runIf(process.env.DATABASE_URL)('two replicas metering one database', () => {
  let t: TestApp;
  let imageId: number;
  setUpComputeTestApp((compute) => ({ t, imageId } = compute));

  let other: { app: FastifyInstance; database: OpenDatabase; dataDir: string } | undefined;
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
    if (other) fs.rmSync(other.dataDir, { recursive: true, force: true });
  });

  async function secondReplica() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-replica-'));
    const config = loadConfig({ DATA_DIR: dataDir, WEB_ROOT: path.join(dataDir, 'web'), DATABASE_URL: t.databaseUrl });
    const database = await openDatabase(config);
    const app = await buildApp({ config, db: database.db, clock: t.clock, logger: false });
    await app.ready();
    return { app, database, dataDir };
  }

  it('charges every running instance exactly once when both run the metering pass at the same moment', async () => {
    other = await secondReplica();
    const dayRate = 24 * 1980;
    const running: Array<{ userId: number; instanceId: number }> = [];
    for (let index = 0; index < 6; index++) {
      const { node, model } = await privateNode(t.app.db, 1);
      const user = await userWithBalance(t.app, 1_000_000);
      const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId });
      expect(rented.code).toBe(200);
      running.push({ userId: user.id, instanceId: rented.data.instance.id });
    }
    t.clock.advance(8_000);
    await runMeteringPasses(t.app);
    const startBalances = await Promise.all(running.map(({ userId }) => balanceOf(t.app, userId)));

    for (let round = 1; round <= 4; round++) {
      t.clock.advance(hour);
      const [mine, theirs] = await Promise.all([meterRunningInstances(t.app), meterRunningInstances(other.app)]);
      expect(mine.metered + theirs.metered).toBe(running.length);
      for (const [index, { userId, instanceId }] of running.entries()) {
        expect(await balanceOf(t.app, userId)).toBe(startBalances[index]! - Math.floor((round * 3600 * dayRate) / 86_400));
        const lines = await t.app.db
          .select()
          .from(bills)
          .where(and(eq(bills.instanceId, instanceId), eq(bills.kind, 'usage')));
        expect(lines.reduce((sum, line) => sum + line.seconds, 0)).toBe(round * 3600);
      }
    }
    expect(await checkLedger(t.app.db)).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });
  });
});
