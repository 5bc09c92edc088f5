import { screensApp, type Screens } from '@rc/shared-utility';

/** Screens built so far, by route pattern, each in its own chunk; every other route shows its feature page. */
export const screens: Screens = {
  '/account/order': () => import('./orders/order-list-page').then((m) => m.OrderListPage),
  '/account/orderDetail/:id?': () => import('./orders/order-detail-page').then((m) => m.OrderDetailPage),
  '/account/definAndDetail': () => import('./bills/bill-lines-page').then((m) => m.BillLinesPage),
  '/account/billDetails': () => import('./bills/ledger-page').then((m) => m.LedgerPage),
  '/account/billDetails/:id': () => import('./bills/ledger-detail-page').then((m) => m.LedgerDetailPage),
  '/account/cpuBillManage': () => import('./bills/statements-page').then((m) => m.CpuBillPage),
  '/account/cpuBillManage/detail/:id?': () => import('./bills/statements-page').then((m) => m.CpuBillDetailPage),
  '/account/storeBillManage': () => import('./bills/statements-page').then((m) => m.StoreBillPage),
  '/account/storeBillManage/detail/:id?': () => import('./bills/statements-page').then((m) => m.StoreBillDetailPage),
  '/account/superBill': () => import('./bills/statements-page').then((m) => m.SuperBillPage),
  '/account/cpuResourceManage': () => import('./assets/resources-page').then((m) => m.CpuResourcePage),
  '/account/cpuResourceManage/detail/:id?': () => import('./assets/resource-detail-page').then((m) => m.CpuResourceDetailPage),
  '/account/storeResourceManage': () => import('./assets/resources-page').then((m) => m.StoreResourcePage),
  '/account/storeResourceManage/detail/:id?': () => import('./assets/resource-detail-page').then((m) => m.StoreResourceDetailPage),
  '/account/assetsManage': () => import('./assets/resources-page').then((m) => m.AssetsPage),
  '/account/assetsManage/detail/:id?': () => import('./assets/resource-detail-page').then((m) => m.AssetDetailPage),
  '/account/recharge': () => import('./recharge/recharge-page').then((m) => m.RechargePage),
  '/account/review/recharge': () => import('./review/recharge-review-page').then((m) => m.RechargeReviewPage),
  '/account/invoice': () => import('./invoices/invoice-page').then((m) => m.InvoicePage),
  '/account/invoice/invoiceMsg': () => import('./invoices/invoice-titles-page').then((m) => m.InvoiceTitlesPage),
  '/account/invoice/orderInvoice': () => import('./invoices/order-invoice-page').then((m) => m.OrderInvoicePage),
  '/account/invoice/rechargeInviice': () => import('./invoices/recharge-invoice-page').then((m) => m.RechargeInvoicePage),
  '/account/review/invoice': () => import('./review/invoice-review-page').then((m) => m.InvoiceReviewPage),
  '/account/earnings': () => import('./earnings/earnings-page').then((m) => m.EarningsPage),
  '/account/draw_money': () => import('./earnings/draw-money-page').then((m) => m.DrawMoneyPage),
  '/account/review/withdrawal': () => import('./review/withdrawal-review-page').then((m) => m.WithdrawalReviewPage),
  '/account/voucher': () => import('./vouchers/vouchers-page').then((m) => m.VouchersPage),
  '/account/review/voucher': () => import('./review/voucher-batches-page').then((m) => m.VoucherBatchesPage),
};

export const App = screensApp(screens);
