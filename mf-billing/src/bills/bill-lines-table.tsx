import type { MouseEvent, ReactNode } from 'react';
import { Table } from 'semantic-ui-react';
import { EmptyState, formatCharge, formatDateTime, formatYuan, type ScreenProps } from '@rc/shared-utility';
import { billKindNames, productNames } from '../labels';
import type { BillLine } from './bills-api';

export const billColumns = ['时间', '产品', '类型', '实例', '订单号', '计费周期', '单价', '用量', '金额', ''] as const;

/** A unit price: metering's day rate also reads per hour, '¥95.04/天（¥3.96/小时）'; an HPC job's '¥0.10/核时', '¥6.00/卡时'. */
export function unitPriceText(line: Pick<BillLine, 'kind' | 'unitPrice' | 'priceUnit'>): string {
  const text = `${formatYuan(line.unitPrice)}/${line.priceUnit}`;
  return line.kind === 'usage' && line.priceUnit === '天' ? `${text}（${formatYuan(line.unitPrice / 24)}/小时）` : text;
}

/** Hours to the hundredth; a few seconds read '<0.01' rather than '0.00'. */
const hoursText = (seconds: number) => (seconds > 0 && seconds < 36 ? '<0.01' : (seconds / 3600).toFixed(2));

/** Seconds also read as hours: '21600 秒（6.00 小时）', '9000 核秒（2.50 核时）'. */
export function quantityText(line: Pick<BillLine, 'quantity' | 'quantityUnit'>): string {
  if (line.quantityUnit === '秒') return `${line.quantity} 秒（${hoursText(line.quantity)} 小时）`;
  const hpcHours = { 核秒: '核时', 卡秒: '卡时' }[line.quantityUnit];
  if (hpcHours) return `${line.quantity} ${line.quantityUnit}（${hoursText(line.quantity)} ${hpcHours}）`;
  return `${line.quantity} ${line.quantityUnit}`;
}

/** A line's amount to the cent, a refund negative; a charge below one cent reads '<¥0.01' rather than '¥0.00'. */
export const lineAmountText = (amount: number) => (amount < 0 ? formatCharge(-amount) : formatCharge(amount).slice(1));

export function BillLineRow({ line, navigate }: { line: BillLine; navigate: ScreenProps['navigate'] }) {
  const open = (event: MouseEvent) => {
    event.preventDefault();
    navigate(`/account/definAndDetail?bill=${line.id}`);
  };
  return (
    <Table.Row className="rc-bill-row">
      <Table.Cell>{formatDateTime(line.gmtCreate)}</Table.Cell>
      <Table.Cell>{productNames[line.product] ?? line.product}</Table.Cell>
      <Table.Cell>{billKindNames[line.kind] ?? line.kind}</Table.Cell>
      <Table.Cell>{line.instanceName ?? '—'}</Table.Cell>
      <Table.Cell className="rc-bill-order">{line.orderNo ?? '—'}</Table.Cell>
      <Table.Cell className="rc-bill-period">
        {line.periodStart ? `${formatDateTime(line.periodStart)} 至 ${formatDateTime(line.periodEnd)}` : '—'}
      </Table.Cell>
      <Table.Cell>{unitPriceText(line)}</Table.Cell>
      <Table.Cell>{quantityText(line)}</Table.Cell>
      <Table.Cell className="rc-amount rc-bill-amount">{lineAmountText(line.amount)}</Table.Cell>
      <Table.Cell>
        <a href={`/account/definAndDetail?bill=${line.id}`} onClick={open}>
          详情
        </a>
      </Table.Cell>
    </Table.Row>
  );
}

/** A short list of lines (an order's, a ledger entry's, a resource's latest), without paging. */
export function BillLinesTable({ lines, empty, navigate }: { lines: BillLine[]; empty: ReactNode; navigate: ScreenProps['navigate'] }) {
  if (lines.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <Table compact className="rc-bill-table">
      <Table.Header>
        <Table.Row>
          {billColumns.map((column) => (
            <Table.HeaderCell key={column}>{column}</Table.HeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((line) => (
          <BillLineRow key={line.id} line={line} navigate={navigate} />
        ))}
      </Table.Body>
    </Table>
  );
}
