export { accountOverview } from './account-overview.js';
export { balanceThresholdOf, setBalanceThreshold } from './balance-thresholds.js';
export { billsCsv, billsXlsx, exportLimit, exportRows } from './bill-export.js';
export { billList, billPage, billTotals, billView, roundingRule } from './bill-lines.js';
export { resourcePage, resourceView } from './billed-resources.js';
export { type BillingPassReport, runBillingPass } from './billing-pass.js';
export { charge, chargeInParts, ensureCanPayAnHour, formatYuan, payerBalance, payerOf } from './charges.js';
export { incomeOverview } from './income-overview.js';
export { defaultReferralSettings } from './income-settings.js';
export { holdIncome, incomeLines, incomeSourceName, releaseMaturedIncome } from './income.js';
export { instanceChargePage } from './instance-charges.js';
export { createInvoiceProvider } from './invoices/create-invoice-provider.js';
export {
  applyForInvoice,
  invoiceableOrders,
  listInvoiceRequests,
  ownRequest,
  requestView,
  updateInvoiceRequest,
  withdrawInvoiceRequest,
} from './invoices/invoice-requests.js';
export { issueInvoice, rejectInvoice, reverseInvoice } from './invoices/invoice-review.js';
export { deleteTitle, listTitles, saveTitle, titleView, updateTitle } from './invoices/invoice-titles.js';
export { invoiceableAmount } from './invoices/invoiceable.js';
export { ledgerPage, ledgerView } from './ledger-lines.js';
export { applyLedgerEntry, checkLedger, postTransaction } from './ledger.js';
export { chinaMonth } from './monthly-charges.js';
export { orderPage, orderView } from './order-lines.js';
export { hpcPackageOrderType, newOrderNo, placeOrder, recordOrder } from './orders.js';
export { addPayeeAccount, changePayeeAccount, listPayeeAccounts, payeeAccountView, removePayeeAccount } from './payee-accounts.js';
export type { PaymentsContext } from './payments/context.js';
export { createPaymentProviders } from './payments/create-providers.js';
export { receiveNotification } from './payments/notifications.js';
export { startPaymentScheduler } from './payments/payment-scheduler.js';
export { alipaySignContent, chinaTime, type RawNotification } from './payments/provider.js';
export { cancelRecharge, continueRecharge, createRecharge, listRecharges, rechargeOptions, viewRecharge } from './payments/recharge.js';
export { flaggedRecharges, markReviewed } from './payments/review.js';
export { cashierPage } from './payments/sandbox-cashier.js';
export { generateRsaKeyPair, type KeyPair, rsa2Sign, rsa2Verify } from './payments/sandbox-provider.js';
export { createPayoutProvider } from './payouts/create-payout-provider.js';
export type { PayoutProvider } from './payouts/payout-provider.js';
export type { QuoteClaims } from './quote-token.js';
export { confirmedPrice, issueQuote, type PricedOperation, type QuoteKey, type QuoteVouchers } from './quotes.js';
export { checkedReferralCode, ownReferralCode, referredUsers } from './referral.js';
export { registerAccount } from './registration.js';
export { runningCost } from './running-cost.js';
export { dailySpend, monthlyStatements, statementView } from './statements.js';
export { ownedSubAccount, setMonthlyBudget, subAccountMoney, transferLog, transferToSubAccount } from './sub-account-money.js';
export { welcomeCreditKey, yuanText } from './welcome-credit.js';
export { reviewedWithdrawalView, withdrawalOptions, withdrawalView } from './withdrawal-views.js';
export { approveWithdrawal, cancelWithdrawal, listWithdrawals, rejectWithdrawal, requestWithdrawal } from './withdrawals.js';
export { issueVoucherBatch, listVoucherBatches } from './vouchers/voucher-batches.js';
export { refundSplit, refundToVouchers, voucherNote, type VoucherPart } from './vouchers/voucher-use.js';
export { listVouchers, redeemVoucher } from './vouchers/voucher-wallet.js';
