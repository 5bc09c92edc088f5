import type { InvoiceProvider } from './invoice-provider.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { usccCheckCharacter } from './invoice-titles.js';

/** The platform as seller, printed on locally issued invoices. */
export const localSeller = {
  name: '算力云科技有限公司',
  taxNo: `91110108MA01ABCD2${usccCheckCharacter('91110108MA01ABCD2')}`,
  address: '北京市海淀区中关村大街1号 010-62345678',
  bank: '中国工商银行北京中关村支行 0200000000000000000',
};

/**
 * 20 digits like a fully digital (全电) invoice number: two-digit year, region code 11, an issuer
 * digit, and the request id (unique) in 15 digits; a red-letter invoice uses issuer digit 9.
 */
const invoiceNumber = (at: Date, issuer: number, requestId: number) =>
  `${String(at.getUTCFullYear()).slice(2)}11${issuer}${String(requestId).padStart(15, '0')}`;

/** Issues invoices itself: numbers them and renders the PDF. Not connected to a tax authority, and the PDF says so. */
export const localInvoiceProvider: InvoiceProvider = {
  name: 'local',
  async issue(invoice) {
    const invoiceNo = invoiceNumber(invoice.issuedAt, 2, invoice.requestId);
    const pdf = await renderInvoicePdf({
      invoiceNo,
      issuedAt: invoice.issuedAt,
      buyer: invoice.buyer,
      seller: localSeller,
      itemName: '*信息技术服务*算力租用服务',
      amount: invoice.amount,
      taxRate: 0.06,
      issuerNote: `申请号 ${invoice.requestNo}\u3000本发票由平台本地开票服务生成，未接入税务机关开票系统`,
    });
    return { invoiceNo, pdf };
  },
  async reverse(original) {
    return { reversalNo: invoiceNumber(original.reversedAt, 9, original.requestId) };
  },
};
