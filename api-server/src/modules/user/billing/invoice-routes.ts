import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import {
  InvoiceApplyBody,
  InvoiceableAmount,
  InvoiceListBody,
  InvoiceOrderListBody,
  InvoiceOrderPage,
  InvoicePdfBytes,
  InvoiceRejectBody,
  InvoiceRequest,
  InvoiceRequestIdBody,
  InvoiceRequestPage,
  InvoiceTitle,
  InvoiceTitleIdBody,
  InvoiceTitleList,
  InvoiceTitleSaveBody,
  InvoiceTitleUpdateBody,
  InvoiceUpdateBody,
  ReviewInvoicePage,
} from '@rc/api-contract/user/invoice';
import { ok } from '../../../envelope.js';
import { notFound } from '../../../errors.js';
import { currentUser, requireOperator } from '../../../plugins/index.js';
import {
  applyForInvoice,
  createInvoiceProvider,
  deleteTitle,
  invoiceableAmount,
  invoiceableOrders,
  issueInvoice,
  listInvoiceRequests,
  listTitles,
  ownRequest,
  rejectInvoice,
  requestView,
  reverseInvoice,
  saveTitle,
  titleView,
  updateInvoiceRequest,
  updateTitle,
  withdrawInvoiceRequest,
} from '../../../billing/index.js';

const tags = ['发票'];
const reviewTags = ['发票审核（运营）'];

/** `/apis/user/auth/invoice/...`: invoice titles, invoice requests and their PDFs; `review/...` is the operators' review. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const provider = createInvoiceProvider(app.config.invoices);

  // The PDF download is a form post (the token a hidden field), so the browser saves the answer.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/auth/invoice/title/list',
    { schema: { tags, summary: '我的发票抬头（默认抬头在前）', response: { 200: Envelope(InvoiceTitleList) } } },
    async (request) => ok({ list: (await listTitles(app.db, currentUser(request).id)).map(titleView) }),
  );

  app.post(
    '/auth/invoice/title/save',
    {
      schema: {
        tags,
        summary: '新增发票抬头（个人普票；企业普票需税号；企业专票需税号、开户银行、银行账号、注册地址、注册电话）',
        body: InvoiceTitleSaveBody,
        response: { 200: Envelope(InvoiceTitle) },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const title = await saveTitle(app.db, id, request.body, app.clock.now());
      return ok(titleView(title), '发票抬头已保存');
    },
  );

  app.post(
    '/auth/invoice/title/update',
    { schema: { tags, summary: '修改发票抬头', body: InvoiceTitleUpdateBody, response: { 200: Envelope(InvoiceTitle) } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const { id, ...fields } = request.body;
      const title = await updateTitle(app.db, userId, id, fields, app.clock.now());
      return ok(titleView(title), '发票抬头已修改');
    },
  );

  app.post(
    '/auth/invoice/title/delete',
    {
      schema: {
        tags,
        summary: '删除发票抬头（已提交的申请保留其抬头）',
        body: InvoiceTitleIdBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      await deleteTitle(app.db, userId, request.body.id);
      return ok(null, '发票抬头已删除');
    },
  );

  app.post(
    '/auth/invoice/amount',
    { schema: { tags, summary: '可开票金额及其构成', response: { 200: Envelope(InvoiceableAmount) } } },
    async (request) => ok(await invoiceableAmount(app.db, currentUser(request).id)),
  );

  app.post(
    '/auth/invoice/orders',
    { schema: { tags, summary: '可按订单开票的已支付订单', body: InvoiceOrderListBody, response: { 200: Envelope(InvoiceOrderPage) } } },
    async (request) => ok(await invoiceableOrders(app.db, currentUser(request).id, request.body)),
  );

  app.post(
    '/auth/invoice/apply',
    {
      schema: {
        tags,
        summary: '申请开票（按订单或按金额，不超过可开票金额）',
        body: InvoiceApplyBody,
        response: { 200: Envelope(InvoiceRequest) },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const created = await applyForInvoice(app.db, id, request.body, app.clock.now());
      return ok(requestView(created), '开票申请已提交，等待审核');
    },
  );

  app.post(
    '/auth/invoice/list',
    { schema: { tags, summary: '我的开票申请', body: InvoiceListBody, response: { 200: Envelope(InvoiceRequestPage) } } },
    async (request) => {
      const { rows, ...page } = await listInvoiceRequests(app.db, currentUser(request).id, request.body);
      return ok({ ...page, list: rows.map((row) => requestView(row.request)) });
    },
  );

  app.post(
    '/auth/invoice/view',
    { schema: { tags, summary: '开票申请详情', body: InvoiceRequestIdBody, response: { 200: Envelope(InvoiceRequest) } } },
    async (request) => ok(requestView(await ownRequest(app.db, currentUser(request).id, request.body.id))),
  );

  app.post(
    '/auth/invoice/update',
    { schema: { tags, summary: '修改开票申请（开具前）', body: InvoiceUpdateBody, response: { 200: Envelope(InvoiceRequest) } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const { id, ...body } = request.body;
      const updated = await updateInvoiceRequest(app.db, userId, id, body, app.clock.now());
      return ok(requestView(updated), '开票申请已修改');
    },
  );

  app.post(
    '/auth/invoice/withdraw',
    { schema: { tags, summary: '撤回开票申请（开具前）', body: InvoiceRequestIdBody, response: { 200: Envelope(InvoiceRequest) } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const withdrawn = await withdrawInvoiceRequest(app.db, userId, request.body.id, app.clock.now());
      return ok(requestView(withdrawn), '开票申请已撤回');
    },
  );

  app.post(
    '/auth/invoice/pdf',
    {
      config: { tokenInFormBody: true },
      schema: {
        tags,
        summary: '下载电子发票 PDF（answers the PDF bytes）',
        body: InvoiceRequestIdBody,
        response: { 200: Type.Union([InvoicePdfBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => {
      const invoice = await ownRequest(app.db, currentUser(request).id, request.body.id);
      const stat = invoice.pdfKey ? await app.blobs.stat(invoice.pdfKey) : null;
      if (!invoice.pdfKey || !stat) throw notFound('该申请尚未开具发票');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(stat.size))
        .header('content-disposition', `attachment; filename="invoice-${invoice.invoiceNo}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(app.blobs.readRange(invoice.pdfKey, 0, stat.size));
    },
  );

  app.post(
    '/auth/invoice/review/list',
    {
      schema: { tags: reviewTags, summary: '开票申请列表（运营）', body: InvoiceListBody, response: { 200: Envelope(ReviewInvoicePage) } },
    },
    async (request) => {
      requireOperator(request);
      const { rows, ...page } = await listInvoiceRequests(app.db, null, request.body);
      return ok({
        ...page,
        list: rows.map((row) => ({ ...requestView(row.request), userId: row.request.userId, userMobile: row.userMobile })),
      });
    },
  );

  app.post(
    '/auth/invoice/review/issue',
    {
      schema: {
        tags: reviewTags,
        summary: '审核通过并开具电子发票（运营）',
        body: InvoiceRequestIdBody,
        response: { 200: Envelope(InvoiceRequest) },
      },
    },
    async (request) => {
      requireOperator(request);
      const issued = await issueInvoice(app.blobs, provider, app.db, request.body.id, app.clock.now());
      return ok(requestView(issued), `发票已开具，发票号码 ${issued.invoiceNo}`);
    },
  );

  app.post(
    '/auth/invoice/review/reject',
    { schema: { tags: reviewTags, summary: '驳回开票申请（运营）', body: InvoiceRejectBody, response: { 200: Envelope(InvoiceRequest) } } },
    async (request) => {
      requireOperator(request);
      const rejected = await rejectInvoice(app.db, request.body.id, request.body.reason, app.clock.now());
      return ok(requestView(rejected), '开票申请已驳回');
    },
  );

  app.post(
    '/auth/invoice/review/reverse',
    {
      schema: {
        tags: reviewTags,
        summary: '红冲已开具的发票（运营）',
        body: InvoiceRequestIdBody,
        response: { 200: Envelope(InvoiceRequest) },
      },
    },
    async (request) => {
      requireOperator(request);
      const reversed = await reverseInvoice(provider, app.db, request.body.id, app.clock.now());
      return ok(requestView(reversed), '发票已红冲');
    },
  );
};

export default routes;
