import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { NetDiskRegion } from '@rc/api-contract/net-disk/net-disk';
import type { MoneyQuote } from '@rc/api-contract/user/quote';
import { netDisks, regions, type Executor } from '../db/index.js';
import { conflict, invalid } from '../errors.js';
import { charge, confirmedPrice, formatYuan, issueQuote, payerBalance, voucherNote, type PricedOperation } from '../billing/index.js';
import { formatBytes } from './byte-size.js';
import { netDiskTreeKey, openTree, type FileTree } from './file-trees.js';
import { dayAmountOf, loadStorageTerms, quotaFilesOf, type StorageTerms } from './storage-terms.js';

export type NetDisk = typeof netDisks.$inferSelect;
const GiB = 1024 ** 3;
export const dayMs = 86_400_000;

export const netDiskLabel = (regionName: string) => `网盘（${regionName}）`;

async function usageOf(app: FastifyInstance, disk: NetDisk) {
  const tree = await openTree(app, disk.userId, netDiskTreeKey(disk.regionCode));
  return tree.fs.usage();
}

function view(region: { code: string; name: string }, terms: StorageTerms, disk?: NetDisk, used = { bytes: 0, files: 0 }): NetDiskRegion {
  return {
    regionCode: region.code,
    regionName: region.name,
    status: disk?.status ?? 0,
    sizeGb: disk?.sizeGb ?? 0,
    quotaBytes: (disk?.sizeGb ?? 0) * GiB,
    quotaFiles: disk?.quotaFiles ?? 0,
    usedBytes: used.bytes,
    usedFiles: used.files,
    dayAmount: disk ? dayAmountOf(disk.sizeGb, terms) : 0,
    paidThrough: disk?.paidThrough.toISOString() ?? null,
    activatedAt: disk?.activatedAt.toISOString() ?? null,
  };
}

/** Every open region with the user's network disk there, if any, and its usage. */
export async function netDiskOverview(app: FastifyInstance, userId: number) {
  const { netDisk: terms } = await loadStorageTerms(app.db);
  const rows = await app.db
    .select({ region: { code: regions.code, name: regions.name }, disk: netDisks })
    .from(regions)
    .leftJoin(netDisks, and(eq(netDisks.regionCode, regions.code), eq(netDisks.userId, userId)))
    .where(eq(regions.enabled, true))
    .orderBy(asc(regions.sort), asc(regions.code));
  const list = await Promise.all(
    rows.map(async ({ region, disk }) => view(region, terms, disk ?? undefined, disk ? await usageOf(app, disk) : undefined)),
  );
  return { terms, regions: list };
}

/** Bytes and files over all the user's network disks, against their quotas together. */
export async function netDiskTotals(app: FastifyInstance, userId: number) {
  const disks = await app.db.select().from(netDisks).where(eq(netDisks.userId, userId));
  const totals = { usedBytes: 0, usedFiles: 0, quotaBytes: 0, quotaFiles: 0, disks: disks.length };
  for (const disk of disks) {
    const used = await usageOf(app, disk);
    totals.usedBytes += used.bytes;
    totals.usedFiles += used.files;
    totals.quotaBytes += disk.sizeGb * GiB;
    totals.quotaFiles += disk.quotaFiles;
  }
  return totals;
}

async function openRegion(db: Executor, regionCode: string) {
  const [region] = await db
    .select({ code: regions.code, name: regions.name })
    .from(regions)
    .where(and(eq(regions.code, regionCode), eq(regions.enabled, true)));
  if (!region) throw invalid(`地区不存在或未开放：${regionCode}`);
  return region;
}

async function ensureCanPay(tx: Executor, userId: number, amount: number, what: string) {
  const balance = await payerBalance(tx, userId);
  if (balance < amount) throw conflict(`账户余额不足：${what}需支付 ¥${formatYuan(amount)}，当前余额 ¥${formatYuan(balance)}，请先充值`);
}

interface Activation {
  userId: number;
  regionCode: string;
  sizeGb: number;
}

const quoteOperation = 'netDiskActivation';
const quoteParams = (a: Activation) => ({ regionCode: a.regionCode, sizeGb: a.sizeGb });

/**
 * What an activation or resize costs at `at`: a new disk's first day (the part above the free tier), or growing's
 * difference until `paidThrough` pro rata; shrinking costs nothing.
 */
function activationPrice(label: string, terms: StorageTerms, disk: NetDisk | undefined, sizeGb: number, at: Date): PricedOperation {
  const day = dayAmountOf(sizeGb, terms);
  const extraPerDay = disk ? day - dayAmountOf(disk.sizeGb, terms) : day;
  const amount = !disk
    ? day
    : extraPerDay > 0
      ? Math.ceil((extraPerDay * Math.max(0, disk.paidThrough.getTime() - at.getTime())) / dayMs)
      : 0;
  const name = disk ? `${label} 扩容 ${disk.sizeGb} GB → ${sizeGb} GB 差价` : `${label} ${sizeGb} GB 首日费用`;
  return { amount, unitPrice: day, unitName: '天', items: amount > 0 ? [{ name, amount }] : [], periodEnd: null, requiredBalance: amount };
}

async function diskOf(db: Executor, a: Activation) {
  const [disk] = await db
    .select()
    .from(netDisks)
    .where(and(eq(netDisks.userId, a.userId), eq(netDisks.regionCode, a.regionCode)));
  return disk;
}

/** The activation's or resize's quote, with the best usable 存储 voucher unless `voucherId` names another or none (0). */
export async function quoteNetDiskActivation(app: FastifyInstance, a: Activation & { voucherId?: number }): Promise<MoneyQuote> {
  const { netDisk: terms } = await loadStorageTerms(app.db);
  const region = await openRegion(app.db, a.regionCode);
  if (a.sizeGb > terms.maxGb) throw invalid(`网盘容量不能超过 ${terms.maxGb} GB`);
  const now = app.clock.now();
  const priced = activationPrice(netDiskLabel(region.name), terms, await diskOf(app.db, a), a.sizeGb, now);
  const vouchers = { scope: 'storage' as const, choice: a.voucherId };
  return issueQuote(app.db, app.quotes, { userId: a.userId, operation: quoteOperation, params: quoteParams(a), priced, now, vouchers });
}

/**
 * Activates the user's network disk in a region, or changes its size. A new disk pays its first day at
 * once (the part above the free tier); growing pays the difference until `paidThrough` pro rata;
 * shrinking below what is stored (the trash counts) is refused with the numbers and refunds nothing.
 * With a quote, it pays the quoted amount and the quote's 存储 voucher pays its part.
 */
export async function activateNetDisk(app: FastifyInstance, a: Activation & { quoteToken?: string }) {
  const { userId, regionCode, sizeGb } = a;
  const { netDisk: terms } = await loadStorageTerms(app.db);
  const region = await openRegion(app.db, regionCode);
  if (sizeGb > terms.maxGb) throw invalid(`网盘容量不能超过 ${terms.maxGb} GB`);
  const label = netDiskLabel(region.name);
  const now = app.clock.now();
  const existing = await diskOf(app.db, a);
  const used = existing ? await usageOf(app, existing) : { bytes: 0, files: 0 };
  const quotaFiles = quotaFilesOf(sizeGb, terms);
  if (used.bytes > sizeGb * GiB)
    throw conflict(`不能缩容到 ${sizeGb} GB：${label}已用 ${formatBytes(used.bytes)}（含回收站），请先删除文件并清空回收站`);
  if (used.files > quotaFiles)
    throw conflict(`不能缩容到 ${sizeGb} GB：该容量最多存 ${quotaFiles} 个文件，${label}已有 ${used.files} 个（含回收站）`);

  return app.db.transaction(async (tx) => {
    // The row lock orders a resize against the daily charge and a second resize.
    const [locked] = existing ? await tx.select().from(netDisks).where(eq(netDisks.id, existing.id)).for('update') : [];
    const priceAt = (at: Date) => activationPrice(label, terms, locked, sizeGb, at);
    const priced = a.quoteToken
      ? await confirmedPrice(tx, app.quotes, a.quoteToken, { userId, operation: quoteOperation, params: quoteParams(a), now }, priceAt)
      : priceAt(now);
    const charged = priced.amount;
    const what = locked ? `${label}扩容至 ${sizeGb} GB 到本计费日结束的差价` : `开通${label}首日费用`;
    if (charged > 0) await ensureCanPay(tx, userId, charged - (priced.voucher?.amount ?? 0), what);
    let disk: NetDisk;
    if (!locked) {
      const [created] = await tx
        .insert(netDisks)
        .values({ userId, regionCode, sizeGb, quotaFiles, status: 1, activatedAt: now, paidThrough: new Date(now.getTime() + dayMs) })
        .onConflictDoNothing()
        .returning();
      if (!created) throw conflict(`${label}正在开通，请刷新后查看`);
      disk = created;
    } else {
      [disk] = (await tx.update(netDisks).set({ sizeGb, quotaFiles }).where(eq(netDisks.id, locked.id)).returning()) as [NetDisk];
    }
    if (charged > 0) {
      const periodEnd = locked ? locked.paidThrough : disk.paidThrough;
      await charge(tx, {
        userId,
        amount: charged,
        kind: 'usage',
        product: 'storage',
        note: `${priced.items[0]!.name}${voucherNote(priced.voucher)}`,
        now,
        dayRate: locked ? dayAmountOf(sizeGb, terms) - dayAmountOf(locked.sizeGb, terms) : charged,
        seconds: Math.round((periodEnd.getTime() - now.getTime()) / 1000),
        periodStart: now,
        periodEnd,
        voucher: priced.voucher,
      });
    }
    if (!locked) {
      await app.compute.mounts.mountOnLiveInstances(tx, disk);
      return { disk: view(region, terms, disk), charged };
    }
    return { disk: view(region, terms, disk, used), charged };
  });
}

/** Refuses a change to a frozen disk (deleting to the trash, restoring), which the tree operations refuse on their own. */
export function ensureWritable(tree: FileTree) {
  if (!tree.writable) throw conflict(`${tree.label}已冻结（欠费），充值后即可恢复写入`);
}
