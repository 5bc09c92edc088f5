import { and, eq, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notify } from '../accounts/index.js';
import { charge, formatYuan, payerBalance } from '../billing/index.js';
import { cloudDisks, netDisks, regions, type Transaction } from '../db/index.js';
import { formatBytes } from './byte-size.js';
import { netDiskTreeKey, openTree, type FileTree } from './file-trees.js';
import { dayMs, netDiskLabel, type NetDisk } from './net-disk.js';
import { dayAmountOf, gbOf, loadStorageTerms } from './storage-terms.js';

/** What a user keeps on the cloud disk of a region (the cloud disk's own listing: `cloudDiskUsage` of storage/cloud-disk.ts). */
export type CloudDiskUsage = (app: FastifyInstance, userId: number, regionCode: string) => Promise<{ bytes: number }>;

export interface StorageMeteringReport {
  charged: number;
  frozen: number;
  unfrozen: number;
  warned: number;
}

const GiB = 1024 ** 3;
const frozenStatus = 2;

interface DiskState {
  status: number;
  paidThrough: Date;
}

/**
 * Charges one disk's due days, each exactly once: the row is locked and `paidThrough` moves a day per
 * charge. A day the balance cannot pay freezes the disk (readable, not writable); a frozen disk is
 * unfrozen by the first pass that can pay a day from now (the frozen days are not charged).
 */
async function settleDisk(
  app: FastifyInstance,
  report: StorageMeteringReport,
  o: {
    userId: number;
    label: string;
    dayAmount: number;
    lock: (tx: Transaction) => Promise<DiskState>;
    save: (tx: Transaction, state: DiskState) => Promise<void>;
  },
) {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const state = await o.lock(tx);
    if (state.status !== frozenStatus && state.paidThrough > now) return;
    let { paidThrough, status } = state;
    if (status === frozenStatus) {
      if ((await payerBalance(tx, o.userId)) < o.dayAmount) return;
      paidThrough = now;
    }
    let days = 0;
    while (paidThrough <= now) {
      if ((await payerBalance(tx, o.userId)) < o.dayAmount) {
        if (status !== frozenStatus) {
          status = frozenStatus;
          report.frozen += 1;
          await notify(
            tx,
            o.userId,
            `${o.label}已冻结`,
            `账户余额不足以支付${o.label}的当日费用 ¥${formatYuan(o.dayAmount)}，${o.label}已冻结：文件仍可查看和下载，但不能写入。充值后将自动恢复。`,
            now,
          );
        }
        break;
      }
      const periodEnd = new Date(paidThrough.getTime() + dayMs);
      await charge(tx, {
        userId: o.userId,
        amount: o.dayAmount,
        kind: 'usage',
        product: 'storage',
        note: `${o.label} 存储费（${paidThrough.toISOString().slice(0, 10)}）`,
        now,
        dayRate: o.dayAmount,
        seconds: dayMs / 1000,
        periodStart: paidThrough,
        periodEnd,
      });
      paidThrough = periodEnd;
      days += 1;
    }
    report.charged += days;
    if (state.status === frozenStatus && days > 0) {
      status = 1;
      report.unfrozen += 1;
      await notify(tx, o.userId, `${o.label}已恢复`, `账户余额已可支付${o.label}的费用，${o.label}已恢复写入。`, now);
    }
    await o.save(tx, { status, paidThrough });
  });
}

const levels = [100, 90, 80];

/** Tells the owner, once per crossing, when a network disk's bytes or files reach 80, 90 or 100% of its quota. */
export async function warnNetDiskUsage(app: FastifyInstance, disk: NetDisk, label: string, used: { bytes: number; files: number }) {
  const quotaBytes = disk.sizeGb * GiB;
  const percent = Math.max(used.bytes / quotaBytes, disk.quotaFiles > 0 ? used.files / disk.quotaFiles : 0) * 100;
  const level = levels.find((candidate) => percent >= candidate) ?? 0;
  if (level === disk.warnedPercent) return false;
  return app.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(netDisks)
      .set({ warnedPercent: level })
      .where(and(eq(netDisks.id, disk.id), eq(netDisks.warnedPercent, disk.warnedPercent)))
      .returning({ id: netDisks.id });
    if (!changed || level < disk.warnedPercent) return false;
    const advice = level === 100 ? '已无法继续写入，请删除文件、清空回收站或扩容。' : '请及时清理或扩容。';
    await notify(
      tx,
      disk.userId,
      `${label}容量已用 ${level}%`,
      `${label}已用 ${formatBytes(used.bytes)} / ${formatBytes(quotaBytes)}，文件 ${used.files} / ${disk.quotaFiles} 个，${advice}`,
      app.clock.now(),
    );
    return true;
  });
}

/** Reads a network disk's usage and sends the warning it calls for, if any. */
export async function checkNetDiskUsage(app: FastifyInstance, userId: number, regionCode: string) {
  const [row] = await app.db
    .select({ disk: netDisks, regionName: regions.name })
    .from(netDisks)
    .innerJoin(regions, eq(regions.code, netDisks.regionCode))
    .where(and(eq(netDisks.userId, userId), eq(netDisks.regionCode, regionCode)));
  if (!row) return false;
  const used = await (await openTree(app, userId, netDiskTreeKey(regionCode))).fs.usage();
  return warnNetDiskUsage(app, row.disk, netDiskLabel(row.regionName), used);
}

/** After a write into a tree (an upload's merge): the usage warning of a network disk, if one is due. */
export async function warnTreeUsage(app: FastifyInstance, tree: FileTree) {
  const [kind, regionCode] = tree.key.split(':');
  if (kind === 'netdisk' && regionCode) await checkNetDiskUsage(app, tree.userId, regionCode);
}

/**
 * The storage leg of the scheduler pass: network disks by size and cloud disks by stored bytes, above
 * the free tier, a day at a time; the day's usage warnings of the network disks charged.
 */
export async function meterStorage(app: FastifyInstance, cloudDiskUsage?: CloudDiskUsage): Promise<StorageMeteringReport> {
  const now = app.clock.now();
  const terms = await loadStorageTerms(app.db);
  const report: StorageMeteringReport = { charged: 0, frozen: 0, unfrozen: 0, warned: 0 };
  const regionNames = new Map((await app.db.select().from(regions)).map((region) => [region.code, region.name]));
  const nameOf = (code: string) => regionNames.get(code) ?? code;

  const dueNetDisks = await app.db
    .select()
    .from(netDisks)
    .where(or(lte(netDisks.paidThrough, now), eq(netDisks.status, frozenStatus)));
  for (const disk of dueNetDisks) {
    const label = netDiskLabel(nameOf(disk.regionCode));
    await settleDisk(app, report, {
      userId: disk.userId,
      label,
      dayAmount: dayAmountOf(disk.sizeGb, terms.netDisk),
      lock: async (tx) => (await tx.select().from(netDisks).where(eq(netDisks.id, disk.id)).for('update'))[0]!,
      save: async (tx, state) => {
        await tx.update(netDisks).set(state).where(eq(netDisks.id, disk.id));
      },
    });
    if (await checkNetDiskUsage(app, disk.userId, disk.regionCode)) report.warned += 1;
  }

  if (!cloudDiskUsage) return report;
  const dueCloudDisks = await app.db
    .select()
    .from(cloudDisks)
    .where(or(lte(cloudDisks.paidThrough, now), eq(cloudDisks.status, frozenStatus)));
  for (const disk of dueCloudDisks) {
    const storedGb = gbOf((await cloudDiskUsage(app, disk.userId, disk.regionCode)).bytes);
    await settleDisk(app, report, {
      userId: disk.userId,
      label: `云盘（${nameOf(disk.regionCode)}）`,
      dayAmount: dayAmountOf(storedGb, terms.cloudDisk),
      lock: async (tx) => (await tx.select().from(cloudDisks).where(eq(cloudDisks.id, disk.id)).for('update'))[0]!,
      save: async (tx, state) => {
        await tx.update(cloudDisks).set(state).where(eq(cloudDisks.id, disk.id));
      },
    });
  }
  return report;
}
