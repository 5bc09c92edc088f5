import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { HpcPackageProduct, HpcPackageView } from '@rc/api-contract/hpc/resource';
import type { MoneyQuote } from '@rc/api-contract/user/quote';
import {
  charge,
  hpcPackageOrderType,
  recordOrder,
  confirmedPrice,
  issueQuote,
  voucherNote,
  type PricedOperation,
} from '../billing/index.js';
import { hpcClusters, hpcPackageProducts, hpcPackages } from '../db/index.js';
import { notFound } from '../errors.js';

type Product = typeof hpcPackageProducts.$inferSelect;

const dayMs = 24 * 3600 * 1000;
const allClusters = '全部集群';
const quoteOperation = 'hpcPackage';

/** The core-hour packages on sale, in the catalogue's order. */
export async function packageProducts(app: FastifyInstance): Promise<HpcPackageProduct[]> {
  const rows = await app.db
    .select({ product: hpcPackageProducts, clusterName: hpcClusters.name })
    .from(hpcPackageProducts)
    .leftJoin(hpcClusters, eq(hpcClusters.id, hpcPackageProducts.clusterId))
    .where(eq(hpcPackageProducts.enabled, true))
    .orderBy(asc(hpcPackageProducts.sort), asc(hpcPackageProducts.id));
  return rows.map(({ product, clusterName }) => ({
    id: product.id,
    clusterId: product.clusterId,
    clusterName: clusterName ?? allClusters,
    name: product.name,
    coreHours: product.coreHours,
    price: product.price,
    validDays: product.validDays,
  }));
}

/** The packages the user bought, newest first. */
export async function packagesOf(app: FastifyInstance, userId: number): Promise<HpcPackageView[]> {
  const now = app.clock.now();
  const rows = await app.db
    .select({ pkg: hpcPackages, name: hpcPackageProducts.name, coreHours: hpcPackageProducts.coreHours, clusterName: hpcClusters.name })
    .from(hpcPackages)
    .innerJoin(hpcPackageProducts, eq(hpcPackageProducts.id, hpcPackages.productId))
    .leftJoin(hpcClusters, eq(hpcClusters.id, hpcPackages.clusterId))
    .where(eq(hpcPackages.userId, userId))
    .orderBy(desc(hpcPackages.id));
  return rows.map(({ pkg, name, coreHours, clusterName }) => ({
    id: pkg.id,
    name,
    clusterName: clusterName ?? allClusters,
    coreHours,
    remainingCoreSeconds: pkg.remainingCoreSeconds,
    expiresAt: pkg.expiresAt.toISOString(),
    createdAt: pkg.createdAt.toISOString(),
    expired: pkg.expiresAt.getTime() <= now.getTime(),
  }));
}

async function productOnSale(app: FastifyInstance, productId: number): Promise<Product> {
  const [product] = await app.db
    .select()
    .from(hpcPackageProducts)
    .where(and(eq(hpcPackageProducts.id, productId), eq(hpcPackageProducts.enabled, true)));
  if (!product) throw notFound('资源包不存在或已下架');
  return product;
}

const priceOf = (product: Product, at: Date): PricedOperation => ({
  amount: product.price,
  unitPrice: product.price,
  unitName: '个',
  items: [{ name: `${product.name}（${product.coreHours}核时，${product.validDays}天有效）`, amount: product.price }],
  periodEnd: new Date(at.getTime() + product.validDays * dayMs),
  requiredBalance: product.price,
});

/** The package's quote, with the best usable 超算 voucher unless `voucherId` names another or none (0). */
export async function quotePackage(app: FastifyInstance, userId: number, productId: number, voucherId?: number): Promise<MoneyQuote> {
  const product = await productOnSale(app, productId);
  const now = app.clock.now();
  const vouchers = { scope: 'hpc' as const, choice: voucherId };
  return issueQuote(app.db, app.quotes, {
    userId,
    operation: quoteOperation,
    params: { productId },
    priced: priceOf(product, now),
    now,
    vouchers,
  });
}

/**
 * Buys a package at its quoted price: an order, the charge (the quote's voucher pays its part; refused when the balance is
 * short of the rest) and the package, valid from now.
 */
export async function buyPackage(app: FastifyInstance, userId: number, productId: number, quoteToken: string): Promise<HpcPackageView> {
  const product = await productOnSale(app, productId);
  const now = app.clock.now();
  const id = await app.db.transaction(async (tx) => {
    const priced = await confirmedPrice(
      tx,
      app.quotes,
      quoteToken,
      { userId, operation: quoteOperation, params: { productId }, now },
      (at) => priceOf(product, at),
    );
    const order = await recordOrder(tx, {
      userId,
      instanceId: null,
      orderType: hpcPackageOrderType,
      billingType: 0,
      amount: priced.amount,
      detail: {
        productId: product.id,
        name: product.name,
        coreHours: product.coreHours,
        validDays: product.validDays,
        items: priced.items,
      },
      now,
    });
    await charge(tx, {
      userId,
      amount: priced.amount,
      kind: 'package',
      product: 'hpc',
      note: `超算资源包 ${product.name}${voucherNote(priced.voucher)}`,
      now,
      orderId: order.id,
      voucher: priced.voucher,
    });
    const coreSeconds = product.coreHours * 3600;
    const [bought] = await tx
      .insert(hpcPackages)
      .values({
        userId,
        productId: product.id,
        clusterId: product.clusterId,
        orderId: order.id,
        coreSeconds,
        remainingCoreSeconds: coreSeconds,
        expiresAt: new Date(now.getTime() + product.validDays * dayMs),
        createdAt: now,
      })
      .returning({ id: hpcPackages.id });
    return bought!.id;
  });
  return (await packagesOf(app, userId)).find((pkg) => pkg.id === id)!;
}
