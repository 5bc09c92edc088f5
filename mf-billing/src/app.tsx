import { screensApp, type Screens } from '@rc/shared-utility';
import { OrderListPage } from './orders/order-list-page';
import { OrderDetailPage } from './orders/order-detail-page';
import { BillLinesPage } from './bills/bill-lines-page';
import { LedgerPage } from './bills/ledger-page';
import { LedgerDetailPage } from './bills/ledger-detail-page';
import { CpuBillDetailPage, CpuBillPage, StoreBillDetailPage, StoreBillPage, SuperBillPage } from './bills/statements-page';
import { AssetsPage, CpuResourcePage, StoreResourcePage } from './assets/resources-page';
import { RechargePage } from './recharge/recharge-page';
import { RechargeReviewPage } from './review/recharge-review-page';
import { AssetDetailPage, CpuResourceDetailPage, StoreResourceDetailPage } from './assets/resource-detail-page';
import { InvoicePage } from './invoices/invoice-page';
import { InvoiceTitlesPage } from './invoices/invoice-titles-page';
import { OrderInvoicePage } from './invoices/order-invoice-page';
import { RechargeInvoicePage } from './invoices/recharge-invoice-page';
import { InvoiceReviewPage } from './review/invoice-review-page';
import { EarningsPage } from './earnings/earnings-page';
import { DrawMoneyPage } from './earnings/draw-money-page';
import { WithdrawalReviewPage } from './review/withdrawal-review-page';
import { VoucherBatchesPage } from './review/voucher-batches-page';
import { VouchersPage } from './vouchers/vouchers-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/account/order': OrderListPage,
  '/account/orderDetail/:id?': OrderDetailPage,
  '/account/definAndDetail': BillLinesPage,
  '/account/billDetails': LedgerPage,
  '/account/billDetails/:id': LedgerDetailPage,
  '/account/cpuBillManage': CpuBillPage,
  '/account/cpuBillManage/detail/:id?': CpuBillDetailPage,
  '/account/storeBillManage': StoreBillPage,
  '/account/storeBillManage/detail/:id?': StoreBillDetailPage,
  '/account/superBill': SuperBillPage,
  '/account/cpuResourceManage': CpuResourcePage,
  '/account/cpuResourceManage/detail/:id?': CpuResourceDetailPage,
  '/account/storeResourceManage': StoreResourcePage,
  '/account/storeResourceManage/detail/:id?': StoreResourceDetailPage,
  '/account/assetsManage': AssetsPage,
  '/account/assetsManage/detail/:id?': AssetDetailPage,
  '/account/recharge': RechargePage,
  '/account/review/recharge': RechargeReviewPage,
  '/account/invoice': InvoicePage,
  '/account/invoice/invoiceMsg': InvoiceTitlesPage,
  '/account/invoice/orderInvoice': OrderInvoicePage,
  '/account/invoice/rechargeInviice': RechargeInvoicePage,
  '/account/review/invoice': InvoiceReviewPage,
  '/account/earnings': EarningsPage,
  '/account/draw_money': DrawMoneyPage,
  '/account/review/withdrawal': WithdrawalReviewPage,
  '/account/voucher': VouchersPage,
  '/account/review/voucher': VoucherBatchesPage,
};

export const App = screensApp(screens);
