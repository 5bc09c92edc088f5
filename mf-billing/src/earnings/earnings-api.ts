import type {
  IncomeLine,
  IncomeOverview,
  PayeeAccount,
  PayeeAccountList,
  PayeeAccountSaveBody,
  PayeeAccountUpdateBody,
  ReferredUser,
  Withdrawal,
  WithdrawalBody,
  WithdrawalListBody,
  WithdrawalOptions,
} from '@rc/api-contract/user/income';
import { api, type Page, type Paging } from '@rc/shared-utility';

export type { IncomeLine, IncomeOverview, PayeeAccount, PayeeAccountSaveBody, ReferredUser, Withdrawal, WithdrawalOptions };

export const incomeOverview = () => api.post<IncomeOverview>('/user/auth/user/income/view', undefined, { errorTip: false });
export const incomeLines = (paging: Paging) => api.post<Page<IncomeLine>>('/user/auth/user/income/lines', paging, { errorTip: false });
export const referredUsers = (paging: Paging) =>
  api.post<Page<ReferredUser>>('/user/auth/user/income/referred/list', paging, { errorTip: false });

export const withdrawalOptions = () =>
  api.post<WithdrawalOptions>('/user/auth/user/account/extract/options', undefined, { errorTip: false });
export const requestWithdrawal = (body: WithdrawalBody) => api.post<Withdrawal>('/user/auth/user/account/extract/log/save', body);
export const myWithdrawals = (body: Paging & Pick<WithdrawalListBody, 'status'>) =>
  api.post<Page<Withdrawal>>('/user/auth/user/account/extract/log/list', body, { errorTip: false });
export const cancelWithdrawal = (id: number) => api.post<Withdrawal>('/user/auth/user/account/extract/log/cancel', { id });

export const payeeAccounts = () => api.post<PayeeAccountList>('/user/auth/user/account/payee/list', undefined, { errorTip: false });
export const savePayeeAccount = (body: PayeeAccountSaveBody) => api.post<PayeeAccount>('/user/auth/user/account/payee/save', body);
export const updatePayeeAccount = (body: PayeeAccountUpdateBody) => api.post<PayeeAccount>('/user/auth/user/account/payee/update', body);
export const deletePayeeAccount = (id: number) => api.post<null>('/user/auth/user/account/payee/delete', { id });

/** 「支付宝 zh***@example.com」, 「工商银行 **** **** **** 4567」: how a saved payee account is named on the screens. */
export const payeeAccountName = (account: Pick<PayeeAccount, 'channel' | 'bankName' | 'accountMasked'>) =>
  `${account.channel === 'alipay' ? '支付宝' : account.bankName} ${account.accountMasked}`;

export const withdrawalStatusColors: Record<number, 'orange' | 'blue' | 'green' | 'red' | 'grey'> = {
  0: 'orange',
  1: 'blue',
  2: 'green',
  3: 'red',
  4: 'grey',
};
