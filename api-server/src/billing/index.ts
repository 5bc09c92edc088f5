export { accountOverview } from './account-overview.js';
export { balanceThresholdOf, setBalanceThreshold } from './balance-thresholds.js';
export { billsCsv, billsXlsx, exportLimit, exportRows } from './bill-export.js';
export { billPage, billTotals, billView, billWhere, roundingRule } from './bill-lines.js';
export { resourcePage, resourceView } from './billed-resources.js';
export { incomeOverview } from './income-overview.js';
export { incomeLines, incomeSourceName } from './income.js';
export { instanceChargePage } from './instance-charges.js';
export { createInvoiceProvider } from './invoices/invoice-provider.js';
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
export { orderPage, orderView } from './order-lines.js';
export { addPayeeAccount, changePayeeAccount, listPayeeAccounts, payeeAccountView, removePayeeAccount } from './payee-accounts.js';
export { receiveNotification } from './payments/notifications.js';
export { cancelRecharge, continueRecharge, createRecharge, listRecharges, rechargeOptions, viewRecharge } from './payments/recharge.js';
export { flaggedRecharges, markReviewed } from './payments/review.js';
export { cashierPage } from './payments/sandbox-cashier.js';
export { checkedReferralCode, ownReferralCode, referredUsers } from './referral.js';
export { registerAccount } from './registration.js';
export { runningCost } from './running-cost.js';
export { dailySpend, monthlyStatements, statementView } from './statements.js';
export { storageResources } from './storage-resources.js';
export { ownedSubAccount, setMonthlyBudget, subAccountMoney, transferLog, transferToSubAccount } from './sub-account-money.js';
export { yuanText } from './welcome-credit.js';
export { reviewedWithdrawalView, withdrawalOptions, withdrawalView } from './withdrawal-views.js';
export { approveWithdrawal, cancelWithdrawal, listWithdrawals, rejectWithdrawal, requestWithdrawal } from './withdrawals.js';
