import type {
  InvoiceApplyBody,
  InvoiceableAmount,
  InvoiceOrder,
  InvoiceRequest,
  InvoiceStatus,
  InvoiceTitle,
  InvoiceTitleSaveBody,
  ReviewInvoiceRequest,
} from '@rc/api-contract/user/invoice';
import { api, formDownload, type Page, type Paging } from '@rc/shared-utility';

export type {
  InvoiceApplyBody,
  InvoiceableAmount,
  InvoiceOrder,
  InvoiceRequest,
  InvoiceStatus,
  InvoiceTitle,
  InvoiceTitleSaveBody,
  ReviewInvoiceRequest,
};

const path = (call: string) => `/user/auth/invoice/${call}`;

export const listTitles = () => api.post<{ list: InvoiceTitle[] }>(path('title/list'));
export const saveTitle = (body: InvoiceTitleSaveBody) => api.post<InvoiceTitle>(path('title/save'), body);
export const updateTitle = (id: number, body: InvoiceTitleSaveBody) => api.post<InvoiceTitle>(path('title/update'), { id, ...body });
export const deleteTitle = (id: number) => api.post<null>(path('title/delete'), { id });

export const invoiceableAmount = () => api.post<InvoiceableAmount>(path('amount'));
export const listInvoiceOrders = (paging: Paging) => api.post<Page<InvoiceOrder>>(path('orders'), paging, { errorTip: false });
export const applyForInvoice = (body: InvoiceApplyBody) => api.post<InvoiceRequest>(path('apply'), body);
export const listRequests = (paging: Paging & { status?: InvoiceStatus }) =>
  api.post<Page<InvoiceRequest>>(path('list'), paging, { errorTip: false });
export const updateRequest = (id: number, body: InvoiceApplyBody) => api.post<InvoiceRequest>(path('update'), { id, ...body });
export const withdrawRequest = (id: number) => api.post<InvoiceRequest>(path('withdraw'), { id });
/** A form post: the browser saves the PDF the server answers as an attachment. */
export const downloadInvoicePdf = (id: number) => formDownload(path('pdf'), { id: String(id) });

export const listForReview = (paging: Paging & { status?: InvoiceStatus }) =>
  api.post<Page<ReviewInvoiceRequest>>(path('review/list'), paging, { errorTip: false });
export const issueInvoice = (id: number) => api.post<InvoiceRequest>(path('review/issue'), { id });
export const rejectInvoice = (id: number, reason: string) => api.post<InvoiceRequest>(path('review/reject'), { id, reason });
export const reverseInvoice = (id: number) => api.post<InvoiceRequest>(path('review/reverse'), { id });

export const statusColors: Record<InvoiceStatus, 'blue' | 'green' | 'red' | 'orange' | 'grey'> = {
  1: 'blue',
  2: 'green',
  3: 'red',
  4: 'orange',
  5: 'grey',
};
