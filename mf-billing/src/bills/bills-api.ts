import type {
  BillFilter,
  BillLine,
  BillPage,
  BillView,
  DailySpend,
  LedgerListBody,
  LedgerPage,
  LedgerView,
  MonthStatement,
  Product,
  RunningCost,
  StatementView,
} from '@rc/api-contract/user/bills';
import { api, formDownload, type Paging } from '@rc/shared-utility';

export type {
  BillFilter,
  BillLine,
  BillPage,
  BillView,
  DailySpend,
  LedgerPage,
  LedgerView,
  MonthStatement,
  Product,
  RunningCost,
  StatementView,
};

export const listBills = (body: Paging & BillFilter) => api.post<BillPage>('/user/auth/bill/list', body, { errorTip: false });
export const viewBill = (id: number) => api.post<BillView>('/user/auth/bill/view', { id }, { errorTip: false });
export const dailySpend = (days: number) => api.post<DailySpend>('/user/auth/bill/daily', { days }, { errorTip: false });
export const runningCost = () => api.post<RunningCost>('/user/auth/bill/running', {}, { errorTip: false });
export const listStatements = (product: Product) =>
  api.post<MonthStatement[]>('/user/auth/bill/statement/list', { product }, { errorTip: false });
export const viewStatement = (product: Product, month: string) =>
  api.post<StatementView>('/user/auth/bill/statement/view', { product, month }, { errorTip: false });
export const listLedger = (body: Paging & Omit<LedgerListBody, 'pageNum' | 'pageSize'>) =>
  api.post<LedgerPage>('/user/auth/bill/ledger/list', body, { errorTip: false });
export const viewLedgerEntry = (id: number) => api.post<LedgerView>('/user/auth/bill/ledger/view', { id }, { errorTip: false });

/** The browser saves the file: the same filter as the list, every line and the totals row. */
export function exportBills(filter: BillFilter, format: 'csv' | 'xlsx') {
  const fields: Record<string, string> = { format };
  for (const [name, value] of Object.entries(filter)) if (value !== undefined && value !== '') fields[name] = String(value);
  formDownload('/user/auth/bill/export', fields);
}
