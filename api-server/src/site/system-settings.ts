import { sysConfig, type Executor } from '../db/index.js';

/** Every system setting (priceCalc among them) as one key → value object. */
export async function systemSettings(db: Executor) {
  const rows = await db.select().from(sysConfig);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}
