import { useCallback, useState } from 'react';
import { Button, Dropdown, Form, Table, TextArea } from 'semantic-ui-react';
import {
  dialogs,
  DialogFormActions,
  formatDateTime,
  formatYuan,
  PageHeader,
  PageSection,
  PagedTable,
  runAction,
  usePagedList,
  useSubmit,
  type Paging,
} from '@rc/shared-utility';
import { InvoiceRequestDetails, StatusLabel } from '../invoices/invoice-request-details';
import {
  issueInvoice,
  listForReview,
  rejectInvoice,
  reverseInvoice,
  type InvoiceStatus,
  type ReviewInvoiceRequest,
} from '../invoices/invoices-api';

const statusFilters: { value: InvoiceStatus | 0; text: string }[] = [
  { value: 1, text: '申请中' },
  { value: 2, text: '已开具' },
  { value: 3, text: '已驳回' },
  { value: 4, text: '已红冲' },
  { value: 5, text: '已撤回' },
  { value: 0, text: '全部' },
];

function RejectForm({ request, close, onDone }: { request: ReviewInvoiceRequest; close: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const { busy, errors, submit } = useSubmit<'reason'>();
  return (
    <Form
      onSubmit={() =>
        void submit({
          check: () => ({ reason: reason.trim() ? undefined : '请填写驳回原因' }),
          call: () => rejectInvoice(request.id, reason.trim()),
          then: () => {
            close();
            onDone();
          },
        })
      }
    >
      <Form.Field required error={errors.reason ? { content: errors.reason, pointing: 'above' } : undefined}>
        <label>驳回原因（用户会在站内消息中看到）</label>
        <TextArea name="reason" value={reason} maxLength={200} onChange={(_, data) => setReason(String(data.value ?? ''))} />
      </Form.Field>
      <DialogFormActions close={close} busy={busy} submitText="驳回" />
    </Form>
  );
}

/** `/account/review/invoice` (operators): pending invoice requests, 开具 or 驳回 with a reason, and 红冲 of issued ones. */
export function InvoiceReviewPage() {
  const [status, setStatus] = useState<InvoiceStatus | 0>(1);
  const paged = usePagedList(useCallback((paging: Paging) => listForReview({ ...paging, ...(status ? { status } : {}) }), [status]));
  const reload = () => void paged.reload();

  const issue = async (request: ReviewInvoiceRequest) => {
    const sure = await dialogs.confirm({
      title: '开具电子发票',
      content: `为「${request.title.name}」开具 ${formatYuan(request.amount)} 的${request.title.typeName}？`,
      confirmText: '开具',
    });
    if (sure) await runAction(() => issueInvoice(request.id), { then: reload });
  };
  const reverse = async (request: ReviewInvoiceRequest) => {
    const sure = await dialogs.confirm({
      title: '红冲发票',
      content: `红冲发票 ${request.invoiceNo}（${formatYuan(request.amount)}）？金额将退回用户的可开票金额。`,
      confirmText: '红冲',
      danger: true,
    });
    if (sure) await runAction(() => reverseInvoice(request.id), { then: reload });
  };

  return (
    <PageSection>
      <PageHeader>
        <Dropdown
          selection
          aria-label="状态"
          value={status}
          options={statusFilters.map((f) => ({ key: f.value, value: f.value, text: f.text }))}
          onChange={(_, data) => setStatus(Number(data.value) as InvoiceStatus | 0)}
        />
      </PageHeader>
      <PagedTable
        list={paged}
        className="rc-invoice-review"
        columns={['申请号', '用户', '发票抬头', '类型', '金额', '状态', '申请时间', '操作']}
        empty="没有符合条件的开票申请。"
        row={(request) => (
          <Table.Row key={request.id} data-request-no={request.requestNo}>
            <Table.Cell>{request.requestNo}</Table.Cell>
            <Table.Cell>{request.userMobile}</Table.Cell>
            <Table.Cell>{request.title.name}</Table.Cell>
            <Table.Cell>{request.title.typeName}</Table.Cell>
            <Table.Cell>{formatYuan(request.amount)}</Table.Cell>
            <Table.Cell>
              <StatusLabel request={request} />
            </Table.Cell>
            <Table.Cell>{formatDateTime(request.gmtCreate)}</Table.Cell>
            <Table.Cell collapsing>
              <Button
                size="mini"
                basic
                content="查看"
                onClick={() =>
                  dialogs.open({ title: `开票申请 ${request.requestNo}`, width: 560, content: <InvoiceRequestDetails request={request} /> })
                }
              />
              {request.status === 1 ? (
                <>
                  <Button size="mini" primary content="开具" onClick={() => void issue(request)} />
                  <Button
                    size="mini"
                    basic
                    color="red"
                    content="驳回"
                    onClick={() =>
                      dialogs.open({
                        title: '驳回开票申请',
                        width: 480,
                        content: (close) => <RejectForm request={request} close={close} onDone={reload} />,
                      })
                    }
                  />
                </>
              ) : null}
              {request.status === 2 ? (
                <Button size="mini" basic color="orange" content="红冲" onClick={() => void reverse(request)} />
              ) : null}
            </Table.Cell>
          </Table.Row>
        )}
      />
    </PageSection>
  );
}
