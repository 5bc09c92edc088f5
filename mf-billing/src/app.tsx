import { screensApp, type Screens } from '@rc/shared-utility';
import { InvoicePage } from './invoices/invoice-page';
import { InvoiceTitlesPage } from './invoices/invoice-titles-page';
import { OrderInvoicePage } from './invoices/order-invoice-page';
import { RechargeInvoicePage } from './invoices/recharge-invoice-page';
import { InvoiceReviewPage } from './review/invoice-review-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/account/invoice': InvoicePage,
  '/account/invoice/invoiceMsg': InvoiceTitlesPage,
  '/account/invoice/orderInvoice': OrderInvoicePage,
  '/account/invoice/rechargeInviice': RechargeInvoicePage,
  '/account/review/invoice': InvoiceReviewPage,
};

export const App = screensApp(screens);
