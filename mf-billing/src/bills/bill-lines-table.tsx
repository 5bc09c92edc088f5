import type { MouseEvent, ReactNode } from 'react';
import { Table } from 'semantic-ui-react';
import { EmptyState, formatDateTime, type ScreenProps } from '@rc/shared-utility';
import { billKindNames, productNames } from '../labels';
import { lineAmountText, quantityText, unitPriceText } from './bill-line-text';
import type { BillLine } from './bills-api';

export const billColumns = ['时间', '产品', '类型', '实例', '订单号', '计费周期', '单价', '用量', '金额', ''] as const;

/** The instance's 状态记录 at the line's time: the state changes and charges that explain why the line exists. */
export function InstanceRecordLink({ line, navigate }: { line: Pick<BillLine, 'id' | 'instanceId'>; navigate: ScreenProps['navigate'] }) {
  const to = `/account/instanceManage/statusChanage?id=${line.instanceId}&bill=${line.id}`;
  return (
    <a
      href={to}
      className="rc-bill-record"
      title="查看这笔扣费时实例的状态记录"
      onClick={(event) => {
        event.preventDefault();
        navigate(to);
      }}
    >
      状态记录
    </a>
  );
}

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
      <Table.Cell className="rc-bill-links">
        <a href={`/account/definAndDetail?bill=${line.id}`} onClick={open}>
          详情
        </a>
        {line.instanceId ? <InstanceRecordLink line={line} navigate={navigate} /> : null}
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
