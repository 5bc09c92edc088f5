import { useCallback, useState } from 'react';
import { Button, Form, Icon, Input, Table } from 'semantic-ui-react';
import {
  dialogs,
  DialogFormActions,
  FieldError,
  formatDateTime,
  formatYuan,
  PageHeader,
  PageSection,
  PagedTable,
  runAction,
  useLoaded,
  usePagedList,
  useSubmit,
  type Paging,
  type ScreenProps,
} from '@rc/shared-utility';
import { InvoiceableBreakdown } from './invoiceable-breakdown';
import { InvoiceRequestDetails, StatusLabel } from './invoice-request-details';
import { ApplyFields, useApplyExtras } from './apply-fields';
import { parseYuan } from './yuan-input';
import { downloadInvoicePdf, invoiceableAmount, listRequests, updateRequest, withdrawRequest, type InvoiceRequest } from './invoices-api';
import './invoices.css';

/** Until issued, a request's title, email, remark and (by amount) its amount can change; by orders it keeps its orders. */
function EditRequestForm({ request, close, onDone }: { request: InvoiceRequest; close: () => void; onDone: () => void }) {
  const extras = useApplyExtras({ email: request.email, remark: request.remark });
  const [amount, setAmount] = useState((request.amount / 1000).toFixed(2));
  const { busy, errors, submit } = useSubmit<'amount' | 'title'>();
  return (
    <Form
      onSubmit={() =>
        void submit({
          check: () => ({
            title: extras.titleId ? undefined : extras.list.length === 0 ? '请先添加发票抬头' : '请选择发票抬头',
            amount: request.mode === 'amount' && parseYuan(amount) === null ? '请输入大于0的金额，最多两位小数' : undefined,
          }),
          call: () =>
            updateRequest(request.id, {
              titleId: extras.titleId!,
              mode: request.mode as 'orders' | 'amount',
              ...(request.mode === 'amount' ? { amount: parseYuan(amount)! } : { orderIds: request.orders.map((o) => o.id) }),
              email: extras.email.trim(),
              remark: extras.remark.trim(),
            }),
          then: () => {
            close();
            onDone();
          },
        })
      }
    >
      <ApplyFields extras={extras} titleError={errors.title} />
      {request.mode === 'amount' ? (
        <Form.Field required>
          <label>开票金额（元）</label>
          <Input name="amount" value={amount} onChange={(_, data) => setAmount(data.value)} />
          <FieldError message={errors.amount} />
        </Form.Field>
      ) : (
        <p className="rc-muted">按订单开票：{request.orders.map((o) => o.orderNo).join('、')}</p>
      )}
      <DialogFormActions close={close} busy={busy} submitText="保存修改" />
    </Form>
  );
}

/** `/account/invoice`: the invoiceable amount, the ways to ask for an invoice, and my requests with what can be done to each. */
export function InvoicePage({ navigate }: ScreenProps) {
  const amount = useLoaded(useCallback(() => invoiceableAmount(), []));
  const paged = usePagedList(useCallback((paging: Paging) => listRequests(paging), []));
  const reload = () => {
    void amount.reload();
    void paged.reload();
  };

  const view = (request: InvoiceRequest) =>
    dialogs.open({ title: `开票申请 ${request.requestNo}`, width: 560, content: <InvoiceRequestDetails request={request} /> });
  const edit = (request: InvoiceRequest) =>
    dialogs.open({
      title: '修改开票申请',
      width: 520,
      content: (close) => <EditRequestForm request={request} close={close} onDone={reload} />,
    });
  const withdraw = async (request: InvoiceRequest) => {
    const sure = await dialogs.confirm({
      title: '撤回开票申请',
      content: `撤回后 ${formatYuan(request.amount)} 退回可开票金额${request.mode === 'orders' ? '，所选订单可重新开票' : ''}。确定撤回？`,
      confirmText: '撤回',
      danger: true,
    });
    if (sure) await runAction(() => withdrawRequest(request.id), { then: reload });
  };

  return (
    <div className="rc-invoices">
      <PageSection>
        <PageHeader>
          <div className="rc-invoice-actions">
            <Button primary onClick={() => navigate('/account/invoice/orderInvoice')}>
              <Icon name="list" />
              按订单开票
            </Button>
            <Button primary basic onClick={() => navigate('/account/invoice/rechargeInviice')}>
              <Icon name="yen sign" />
              按金额开票
            </Button>
            <Button basic onClick={() => navigate('/account/invoice/invoiceMsg')}>
              <Icon name="address card outline" />
              发票抬头
            </Button>
          </div>
        </PageHeader>
        <InvoiceableBreakdown amount={amount} />
      </PageSection>
      <PageSection>
        <h3>开票记录</h3>
        <PagedTable
          list={paged}
          className="rc-invoice-requests"
          columns={['申请号', '发票抬头', '类型', '金额', '状态', '发票号码', '申请时间', '操作']}
          empty="还没有开票申请。"
          row={(request) => (
            <Table.Row key={request.id} data-request-no={request.requestNo}>
              <Table.Cell>{request.requestNo}</Table.Cell>
              <Table.Cell>{request.title.name}</Table.Cell>
              <Table.Cell>{request.title.typeName}</Table.Cell>
              <Table.Cell>{formatYuan(request.amount)}</Table.Cell>
              <Table.Cell>
                <StatusLabel request={request} />
                {request.rejectReason ? <div className="rc-muted">{request.rejectReason}</div> : null}
              </Table.Cell>
              <Table.Cell>{request.invoiceNo ?? '—'}</Table.Cell>
              <Table.Cell>{formatDateTime(request.gmtCreate)}</Table.Cell>
              <Table.Cell collapsing>
                <Button size="mini" basic content="查看" onClick={() => view(request)} />
                {request.status === 1 ? (
                  <>
                    <Button size="mini" basic content="修改" onClick={() => edit(request)} />
                    <Button size="mini" basic color="red" content="撤回" onClick={() => void withdraw(request)} />
                  </>
                ) : null}
                {request.hasPdf ? <Button size="mini" primary content="下载PDF" onClick={() => downloadInvoicePdf(request.id)} /> : null}
              </Table.Cell>
            </Table.Row>
          )}
        />
      </PageSection>
    </div>
  );
}
