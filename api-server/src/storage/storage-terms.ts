import { inArray } from 'drizzle-orm';
import { sysConfig, type Executor } from '../db/index.js';

/** What a storage product costs (sys_config `netDiskPrice`, `cloudDiskPrice`; money in thousandths of a yuan). */
export interface StorageTerms {
  /** GB that cost nothing. */
  freeGb: number;
  monthPricePerGb: number;
  /** The largest disk a user may choose. */
  maxGb: number;
  /** Files allowed per GB of a network disk's size. */
  filesPerGb: number;
}

export const defaultNetDiskTerms: StorageTerms = { freeGb: 20, monthPricePerGb: 300, maxGb: 2048, filesPerGb: 5000 };
export const defaultCloudDiskTerms: StorageTerms = { freeGb: 10, monthPricePerGb: 150, maxGb: 10240, filesPerGb: 0 };

export async function loadStorageTerms(db: Executor): Promise<{ netDisk: StorageTerms; cloudDisk: StorageTerms }> {
  const rows = await db
    .select()
    .from(sysConfig)
    .where(inArray(sysConfig.key, ['netDiskPrice', 'cloudDiskPrice']));
  const byKey = new Map(rows.map((row) => [row.key, row.value as Partial<StorageTerms>]));
  return {
    netDisk: { ...defaultNetDiskTerms, ...byKey.get('netDiskPrice') },
    cloudDisk: { ...defaultCloudDiskTerms, ...byKey.get('cloudDiskPrice') },
  };
}

const GiB = 1024 ** 3;
export const gbOf = (bytes: number) => Math.ceil(bytes / GiB);

/** A day of `gb` GB: the part above the free tier at the month price over 30 days, rounded up to a thousandth. */
export function dayAmountOf(gb: number, terms: StorageTerms): number {
  return Math.ceil((Math.max(0, gb - terms.freeGb) * terms.monthPricePerGb) / 30);
}

export const quotaFilesOf = (sizeGb: number, terms: StorageTerms) => sizeGb * terms.filesPerGb;
