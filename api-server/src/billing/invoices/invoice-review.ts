import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { invoiceRequests, type Database, type Executor } from '../../db/index.js';
import { conflict, notFound } from '../../errors.js';
import type { BlobStore } from '../../blobs/index.js';
import { notify } from '../../accounts/index.js';
import { formatYuan } from '../charges.js';
import type { InvoiceProvider } from './invoice-provider.js';
import type { TitleFields } from './invoice-titles.js';
import { InvoiceState, invoiceStateNames, type InvoiceState as State } from './invoiceable.js';
import { endRequest } from './invoice-requests.js';

const maxPdfBytes = 5 * 1024 * 1024;

export const invoicePdfKey = (userId: number, requestNo: string) => `invoices/${userId}/${requestNo}.pdf`;

async function heldRequest(tx: Executor, id: number, expected: State, action: string) {
  const [request] = await tx.select().from(invoiceRequests).where(eq(invoiceRequests.id, id)).for('update');
  if (!request) throw notFound('发票申请不存在');
  if (request.status !== expected) throw conflict(`该发票申请${invoiceStateNames[request.status as State]}，不能${action}`);
  return request;
}

/**
 * The operator approves a request: the provider issues the invoice, its PDF goes to the blob store,
 * the request becomes 已开具 and the user is told.
 */
export async function issueInvoice(blobs: BlobStore, provider: InvoiceProvider, db: Database, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const request = await heldRequest(tx, id, InvoiceState.requested, '开具');
    const issued = await provider.issue({
      requestNo: request.requestNo,
      requestId: request.id,
      amount: request.amount,
      buyer: request.title as TitleFields,
      issuedAt: now,
    });
    const pdfKey = invoicePdfKey(request.userId, request.requestNo);
    await blobs.put(pdfKey, Readable.from([issued.pdf]), { maxBytes: maxPdfBytes });
    const [done] = await tx
      .update(invoiceRequests)
      .set({ status: InvoiceState.issued, provider: provider.name, invoiceNo: issued.invoiceNo, pdfKey, issuedAt: now, updatedAt: now })
      .where(eq(invoiceRequests.id, id))
      .returning();
    await notify(
      tx,
      request.userId,
      '发票已开具',
      `您的发票申请 ${request.requestNo}（¥${formatYuan(request.amount)}）已开具，发票号码 ${issued.invoiceNo}，可在「发票管理」下载电子发票。`,
      now,
    );
    return done!;
  });
}

export async function rejectInvoice(db: Database, id: number, reason: string, now: Date) {
  return db.transaction(async (tx) => {
    const request = await heldRequest(tx, id, InvoiceState.requested, '驳回');
    const rejectReason = reason.trim();
    const done = await endRequest(tx, id, { status: InvoiceState.rejected, rejectReason, updatedAt: now });
    await notify(
      tx,
      request.userId,
      '发票申请被驳回',
      `您的发票申请 ${request.requestNo}（¥${formatYuan(request.amount)}）已被驳回，原因：${rejectReason}。金额已退回可开票金额，可修改后重新申请。`,
      now,
    );
    return done;
  });
}

/** Red reversal (红冲) of an issued invoice: the provider cancels it and its amount is invoiceable again. */
export async function reverseInvoice(provider: InvoiceProvider, db: Database, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const request = await heldRequest(tx, id, InvoiceState.issued, '红冲');
    const { reversalNo } = await provider.reverse({
      invoiceNo: request.invoiceNo!,
      requestId: request.id,
      amount: request.amount,
      reversedAt: now,
    });
    const done = await endRequest(tx, id, { status: InvoiceState.reversed, reversalNo, reversedAt: now, updatedAt: now });
    await notify(
      tx,
      request.userId,
      '发票已红冲',
      `发票 ${request.invoiceNo}（¥${formatYuan(request.amount)}）已红冲，红字发票号码 ${reversalNo}，金额已退回可开票金额。`,
      now,
    );
    return done;
  });
}
