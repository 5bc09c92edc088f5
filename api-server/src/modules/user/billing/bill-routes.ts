import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  BillExportBody,
  BillListBody,
  BillPage,
  BillView,
  DailySpend,
  DailySpendBody,
  IdBody,
  LedgerListBody,
  LedgerPage,
  LedgerView,
  MonthStatement,
  ResourceListBody,
  ResourceRow,
  StorageResourceRow,
  ResourceView,
  ResourceViewBody,
  RunningCost,
  StatementListBody,
  StatementView,
  StatementViewBody,
} from '@rc/api-contract/user/bills';
import { ok } from '../../../envelope.js';
import { invalid } from '../../../errors.js';
import { currentUser } from '../../../plugins/index.js';
import { pageWindow } from '../../../lib/index.js';
import {
  billList,
  billPage,
  billsCsv,
  billsXlsx,
  billTotals,
  billView,
  dailySpend,
  exportLimit,
  exportRows,
  ledgerPage,
  ledgerView,
  monthlyStatements,
  resourcePage,
  resourceView,
  roundingRule,
  runningCost,
  statementView,
} from '../../../billing/index.js';
import { storageResources } from '../../../storage/index.js';

const tags = ['账单'];
/** An export answers the file's bytes; a refusal answers the envelope. */
const FileBytes = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: '文件字节（attachment）' });

const fileTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** `/account/definAndDetail`, `billDetails`, `cpuBillManage`, `storeBillManage`, `superBill`, and the resources billed. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  // An export is a form post (the token a hidden field), so the browser saves the answer as a file.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries([...new URLSearchParams(body as string)].filter(([, value]) => value !== '')));
  });

  app.post(
    '/auth/bill/list',
    {
      schema: {
        tags,
        summary: '账单明细：每一笔扣费（按产品、类型、实例、时间筛选），含筛选范围的合计与计费取整规则',
        body: BillListBody,
        response: { 200: Envelope(BillPage) },
      },
    },
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { id: userId } = currentUser(request);
      const { list, totals } = await billList(app.db, userId, request.body, pageSize, offset);
      return ok({ list, total: totals.lines, pageNum, pageSize, totals, rule: roundingRule });
    },
  );

  app.post(
    '/auth/bill/view',
    { schema: { tags, summary: '一笔扣费的详情', body: IdBody, response: { 200: Envelope(BillView) } } },
    async (request) => {
      return ok(await billView(app.db, currentUser(request).id, request.body.id));
    },
  );

  app.post(
    '/auth/bill/export',
    {
      config: { tokenInFormBody: true },
      schema: {
        tags,
        summary: '导出账单明细（CSV 或 Excel；与列表相同的筛选与合计行；表单提交，token 为表单隐藏字段）',
        body: BillExportBody,
        response: { 200: Type.Union([FileBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => {
      const { id: userId } = currentUser(request);
      const totals = await billTotals(app.db, userId, request.body);
      if (totals.lines > exportLimit) throw invalid(`导出条数超过 ${exportLimit} 条，请缩小时间范围后再导出`);
      const rows = exportRows(await billPage(app.db, userId, request.body, exportLimit, 0), totals);
      const format = request.body.format;
      const file = format === 'csv' ? billsCsv(rows) : await billsXlsx(rows);
      const name = `账单明细-${app.clock.now().toISOString().slice(0, 10)}.${format}`;
      return reply
        .header('content-type', fileTypes[format])
        .header('content-disposition', `attachment; filename="bills.${format}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );

  app.post(
    '/auth/bill/statement/list',
    {
      schema: {
        tags,
        summary: '按月账单（近12个月，北京时间）',
        body: StatementListBody,
        response: { 200: Envelope(Type.Array(MonthStatement)) },
      },
    },
    async (request) => ok(await monthlyStatements(app.db, currentUser(request).id, request.body.product ?? 'gpu', app.clock.now())),
  );

  app.post(
    '/auth/bill/statement/view',
    { schema: { tags, summary: '一个月的账单，按资源汇总', body: StatementViewBody, response: { 200: Envelope(StatementView) } } },
    async (request) => ok(await statementView(app.db, currentUser(request).id, request.body.product ?? 'gpu', request.body.month)),
  );

  app.post(
    '/auth/bill/daily',
    { schema: { tags, summary: '每日消费（按产品，北京时间）', body: DailySpendBody, response: { 200: Envelope(DailySpend) } } },
    async (request) => ok(await dailySpend(app.db, currentUser(request).id, app.clock.now(), request.body.days ?? 30)),
  );

  app.post(
    '/auth/bill/running',
    {
      schema: {
        tags,
        summary: '当前运行中的按量计费实例每小时费用与余额预计可用时长',
        body: Type.Object({}),
        response: { 200: Envelope(RunningCost) },
      },
    },
    async (request) => ok(await runningCost(app.db, currentUser(request).id)),
  );

  app.post(
    '/auth/bill/ledger/list',
    { schema: { tags, summary: '收支明细：余额的每一笔变动', body: LedgerListBody, response: { 200: Envelope(LedgerPage) } } },
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const page = await ledgerPage(app.db, currentUser(request).id, request.body, pageSize, offset);
      return ok({ ...page, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/bill/ledger/view',
    { schema: { tags, summary: '一笔收支的详情及其对应的扣费明细', body: IdBody, response: { 200: Envelope(LedgerView) } } },
    async (request) => ok(await ledgerView(app.db, currentUser(request).id, request.body.id)),
  );

  app.post(
    '/auth/bill/resource/list',
    {
      schema: {
        tags,
        summary: '计费资源（算力实例或数据盘）及其累计花费',
        body: ResourceListBody,
        response: { 200: Envelope(Page(ResourceRow)) },
      },
    },
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const page = await resourcePage(app.db, currentUser(request).id, request.body.kind ?? 'gpu', pageSize, offset);
      return ok({ ...page, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/bill/resource/view',
    {
      schema: {
        tags,
        summary: '一项计费资源的详情：按月花费与最近的扣费',
        body: ResourceViewBody,
        response: { 200: Envelope(ResourceView) },
      },
    },
    async (request) => ok(await resourceView(app.db, currentUser(request).id, request.body.id, request.body.kind ?? 'gpu')),
  );

  app.post(
    '/auth/bill/resource/storage',
    {
      schema: {
        tags,
        summary: '网盘与云盘及其累计花费',
        response: { 200: Envelope(Type.Array(StorageResourceRow)) },
      },
    },
    async (request) => ok(await storageResources(app.db, currentUser(request).id)),
  );
};

export default routes;
