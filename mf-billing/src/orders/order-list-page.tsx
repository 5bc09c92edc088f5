import { useCallback, useState, type MouseEvent } from 'react';
import { Dropdown, Form, Label, Table } from 'semantic-ui-react';
import {
  formatDateTime,
  formatYuan,
  PageHeader,
  PageSection,
  PagedTable,
  usePagedList,
  type Paging,
  type ScreenProps,
} from '@rc/shared-utility';
import { billingTypeNames, options, orderStatusNames, orderTypeNames } from '../labels';
import { dayStart } from '../day-range';
import { listOrders } from './orders-api';
import '../billing.css';

const statusColors: Record<number, 'orange' | 'green' | 'grey' | 'blue'> = { 0: 'orange', 1: 'green', 2: 'grey', 3: 'blue' };

/** `/account/order`: every order (instance, renewal, change, data disk, recharge), filtered by type, status and time. */
export function OrderListPage({ navigate }: ScreenProps) {
  const [orderType, setOrderType] = useState('');
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const fetchPage = useCallback(
    (paging: Paging) =>
      listOrders({
        ...paging,
        orderType: orderType ? Number(orderType) : undefined,
        status: status ? Number(status) : undefined,
        startTime: dayStart(from),
        endTime: dayStart(to, true),
      }),
    [orderType, status, from, to],
  );
  const paged = usePagedList(fetchPage);
  const filtered = (set: (value: string) => void) => (value: string) => {
    set(value);
    paged.setPageNum(1);
  };
  const open = (id: number) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(`/account/orderDetail/${id}`);
  };

  return (
    <PageSection className="rc-order-list">
      <PageHeader />
      <Form className="rc-bill-filters">
        <Form.Group widths="equal">
          <Form.Field>
            <label>订单类型</label>
            <Dropdown
              selection
              clearable
              placeholder="全部类型"
              className="rc-filter-order-type"
              options={options(orderTypeNames)}
              value={orderType}
              onChange={(_, data) => filtered(setOrderType)(String(data.value ?? ''))}
            />
          </Form.Field>
          <Form.Field>
            <label>订单状态</label>
            <Dropdown
              selection
              clearable
              placeholder="全部状态"
              className="rc-filter-order-status"
              options={options(orderStatusNames)}
              value={status}
              onChange={(_, data) => filtered(setStatus)(String(data.value ?? ''))}
            />
          </Form.Field>
          <Form.Input label="开始日期" type="date" value={from} onChange={(_, data) => filtered(setFrom)(data.value)} />
          <Form.Input label="结束日期" type="date" value={to} onChange={(_, data) => filtered(setTo)(data.value)} />
        </Form.Group>
      </Form>
      <PagedTable
        list={paged}
        className="rc-order-table"
        columns={['订单号', '类型', '实例', '计费方式', '金额', '状态', '下单时间', '']}
        empty={orderType || status || from || to ? '没有符合条件的订单' : '暂无订单'}
        row={(order) => (
          <Table.Row key={order.id} className="rc-order-row">
            <Table.Cell className="rc-mono">{order.orderNo}</Table.Cell>
            <Table.Cell>{orderTypeNames[order.orderType] ?? order.orderType}</Table.Cell>
            <Table.Cell>{order.instanceName ?? '—'}</Table.Cell>
            <Table.Cell>{billingTypeNames[order.billingType] ?? '—'}</Table.Cell>
            <Table.Cell className="rc-amount">{formatYuan(order.amount)}</Table.Cell>
            <Table.Cell>
              <Label size="small" basic color={statusColors[order.status]}>
                {orderStatusNames[order.status] ?? order.status}
              </Label>
            </Table.Cell>
            <Table.Cell>{formatDateTime(order.gmtCreate)}</Table.Cell>
            <Table.Cell>
              <a href={`/account/orderDetail/${order.id}`} className="rc-order-open" onClick={open(order.id)}>
                详情
              </a>
            </Table.Cell>
          </Table.Row>
        )}
      />
    </PageSection>
  );
}
