import { Label, Table } from 'semantic-ui-react';
import { formatDateTime, formatYuan } from '@rc/shared-utility';
import { statusColors, type InvoiceRequest } from './invoices-api';

export function StatusLabel({ request }: { request: Pick<InvoiceRequest, 'status' | 'statusName'> }) {
  return (
    <Label size="small" color={statusColors[request.status]}>
      {request.statusName}
    </Label>
  );
}

/** Everything a request holds, as the view dialog and the review page show it. */
export function InvoiceRequestDetails({ request }: { request: InvoiceRequest }) {
  const t = request.title;
  const rows: [string, React.ReactNode][] = [
    ['申请号', request.requestNo],
    ['状态', <StatusLabel key="status" request={request} />],
    ['开票方式', request.mode === 'orders' ? '按订单' : '按金额'],
    ['开票金额', formatYuan(request.amount)],
    ['发票类型', t.typeName],
    ['发票抬头', t.name],
    ['纳税人识别号', t.taxNo || '—'],
    ...(t.invoiceType === 2
      ? ([
          ['开户银行及账号', `${t.bankName} ${t.bankAccount}`],
          ['注册地址及电话', `${t.address} ${t.phone}`],
        ] as [string, string][])
      : []),
    ['订单', request.orders.length ? request.orders.map((o) => `${o.orderNo}（${formatYuan(o.amount)}）`).join('、') : '—'],
    ['接收邮箱', request.email || '—'],
    ['备注', request.remark || '—'],
    ['申请时间', formatDateTime(request.gmtCreate)],
    ...(request.invoiceNo ? ([['发票号码', request.invoiceNo]] as [string, string][]) : []),
    ...(request.issuedAt ? ([['开具时间', formatDateTime(request.issuedAt)]] as [string, string][]) : []),
    ...(request.reversedAt ? ([['红冲时间', formatDateTime(request.reversedAt)]] as [string, string][]) : []),
    ...(request.rejectReason ? ([['驳回原因', request.rejectReason]] as [string, string][]) : []),
  ];
  return (
    <Table definition compact className="rc-invoice-details">
      <Table.Body>
        {rows.map(([label, value]) => (
          <Table.Row key={label}>
            <Table.Cell collapsing>{label}</Table.Cell>
            <Table.Cell>{value}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}
