import type { AppConfig } from '../../config.js';
import type { TitleFields } from './invoice-titles.js';

export interface InvoiceToIssue {
  /** Our request's number and id; a provider may derive its invoice number from the id, which is unique. */
  requestNo: string;
  requestId: number;
  /** Thousandths of a yuan, tax included. */
  amount: number;
  buyer: TitleFields;
  issuedAt: Date;
}

export interface IssuedInvoice {
  invoiceNo: string;
  /** The electronic invoice as a PDF file. */
  pdf: Buffer;
}

/** Who issues electronic invoices: the local one (default) renders them itself; a tax-platform one would call its service here. */
export interface InvoiceProvider {
  readonly name: string;
  issue(invoice: InvoiceToIssue): Promise<IssuedInvoice>;
  /** Issues the red-letter (红字) invoice that cancels `invoiceNo`; answers its number. */
  reverse(original: { invoiceNo: string; requestId: number; amount: number; reversedAt: Date }): Promise<{ reversalNo: string }>;
}

export type InvoiceSettings = AppConfig['invoices'];
