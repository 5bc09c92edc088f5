import { hpcPackageProducts, sysConfig, type Database } from '../db/index.js';
import { hpcPricesKey, type HpcDefaultPrices } from '../hpc/index.js';

const defaultPrices: HpcDefaultPrices = { coreHourPrice: 100, gpuHourPrice: 6_000 };

/** Core-hour packages on sale, usable on every cluster (prices in thousandths of a yuan). */
const packages = [
  { name: '入门核时包', coreHours: 1_000, price: 80_000, validDays: 30, sort: 1 },
  { name: '标准核时包', coreHours: 10_000, price: 700_000, validDays: 180, sort: 2 },
  { name: '专业核时包', coreHours: 100_000, price: 6_000_000, validDays: 365, sort: 3 },
];

/** The HPC price list: default partition prices (site configuration) and the core-hour packages, written once. */
export async function seedHpcCatalogue(db: Database): Promise<boolean> {
  const inserted = await db.insert(sysConfig).values({ key: hpcPricesKey, value: defaultPrices }).onConflictDoNothing().returning();
  if (inserted.length === 0) return false;
  await db.insert(hpcPackageProducts).values(packages);
  return true;
}
