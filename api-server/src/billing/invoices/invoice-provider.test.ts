import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { pdfText } from '../../test-support/pdf-text.js';
import { createInvoiceProvider } from './create-invoice-provider.js';
import type { InvoiceProvider } from './invoice-provider.js';
import { capitalYuan, invoiceFontName, splitTax } from './invoice-pdf.js';
import type { TitleFields } from './invoice-titles.js';

const buyer: TitleFields = {
  titleType: 2,
  invoiceType: 1,
  name: '深圳某某科技有限公司',
  taxNo: '91440300MA5ABCDE1X',
  bankName: '',
  bankAccount: '',
  address: '',
  phone: '',
};
const issuedAt = new Date('2026-11-22T08:00:00Z');

/** What every InvoiceProvider must do, run against each one the configuration can choose. */
function providerContract(name: string, provider: InvoiceProvider) {
  describe(`invoice provider contract: ${name}`, () => {
    it('names itself', () => {
      expect(provider.name).toBe(name);
    });

    it('issues an invoice with a number and a readable PDF naming that number, the buyer and the total', async () => {
      const issued = await provider.issue({ requestNo: 'INV-T-1', requestId: 41, amount: 123_450, buyer, issuedAt });
      expect(issued.invoiceNo).toMatch(/^\d{8,20}$/);
      const { text, fonts } = await pdfText(issued.pdf);
      expect(text).toContain(issued.invoiceNo);
      expect(text).toContain(buyer.name);
      expect(text).toContain(buyer.taxNo);
      expect(text).toContain('¥123.45');
      expect(text).toContain('壹佰贰拾叁圆肆角伍分');
      expect(fonts.length).toBeGreaterThan(0);
    });

    it('gives different requests different numbers, and the same request the same number', async () => {
      const a = await provider.issue({ requestNo: 'INV-T-2', requestId: 42, amount: 10_000, buyer, issuedAt });
      const b = await provider.issue({ requestNo: 'INV-T-3', requestId: 43, amount: 10_000, buyer, issuedAt });
      const again = await provider.issue({ requestNo: 'INV-T-2', requestId: 42, amount: 10_000, buyer, issuedAt });
      expect(a.invoiceNo).not.toBe(b.invoiceNo);
      expect(again.invoiceNo).toBe(a.invoiceNo);
    });

    it('reverses an issued invoice with a red-letter number of its own', async () => {
      const issued = await provider.issue({ requestNo: 'INV-T-4', requestId: 44, amount: 10_000, buyer, issuedAt });
      const { reversalNo } = await provider.reverse({ invoiceNo: issued.invoiceNo, requestId: 44, amount: 10_000, reversedAt: issuedAt });
      expect(reversalNo).toMatch(/^\d{8,20}$/);
      expect(reversalNo).not.toBe(issued.invoiceNo);
    });
  });
}

providerContract('local', createInvoiceProvider(loadConfig({}).invoices));

describe('the local provider', () => {
  it('is the default, and embeds Noto Sans SC', async () => {
    expect(loadConfig({}).invoices.provider).toBe('local');
    const issued = await createInvoiceProvider({ provider: 'local' }).issue({
      requestNo: 'INV-T-5',
      requestId: 45,
      amount: 1_000,
      buyer,
      issuedAt,
    });
    const { fonts } = await pdfText(issued.pdf);
    expect(fonts.every((font) => font.includes(invoiceFontName))).toBe(true);
  });

  it('refuses an unknown provider name at start-up', () => {
    expect(() => loadConfig({ INVOICE_PROVIDER: 'nuonuo' })).toThrow(
      'INVOICE_PROVIDER must be a known invoice provider (local), got "nuonuo"',
    );
  });
});

describe('invoice amounts in words and tax', () => {
  it.each([
    [0, '零圆整'],
    [5, '伍分'],
    [50, '伍角'],
    [100, '壹圆整'],
    [1_005, '壹拾圆零伍分'],
    [100_000, '壹仟圆整'],
    [100_500, '壹仟零伍圆整'],
    [123_456_789, '壹佰贰拾叁万肆仟伍佰陆拾柒圆捌角玖分'],
    [100_000_000, '壹佰万圆整'],
    [10_000_000_100, '壹亿零壹圆整'],
    [1_000_050_000, '壹仟万零伍佰圆整'],
  ])('%i fen reads %s', (fen, words) => {
    expect(capitalYuan(fen)).toBe(words);
  });

  it('splits a total into amount and tax that add up exactly', () => {
    expect(splitTax(10_600, 0.06)).toEqual({ net: 10_000, tax: 600 });
    const { net, tax } = splitTax(12_345, 0.06);
    expect(net + tax).toBe(12_345);
  });
});
