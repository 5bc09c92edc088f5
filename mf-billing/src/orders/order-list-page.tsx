import type { MouseEvent } from 'react';
import { Label, Table } from 'semantic-ui-react';
import {
  formatDateTime,
  formatYuan,
  PagedTable,
  PageHeader,
  PageSection,
  useEnumNames,
  type Paging,
  type ScreenProps,
} from '@rc/shared-utility';
import { ListFilters, timeRangeOf, useFilteredList, type ChoiceFilter } from '../list-filters';
import { listOrders } from './orders-api';
import '../billing.css';

const statusColors: Record<number, 'orange' | 'green' | 'grey' | 'blue'> = { 0: 'orange', 1: 'green', 2: 'grey', 3: 'blue' };

const noFilter = { orderType: '', status: '', from: '', to: '' };
const fetchOrders = ({ orderType, status, ...range }: typeof noFilter, paging: Paging) =>
  listOrders({
    ...paging,
    orderType: orderType ? Number(orderType) : undefined,
    status: status ? Number(status) : undefined,
    ...timeRangeOf(range),
  });

/** `/account/order`: every order (instance, renewal, change, data disk, recharge), filtered by type, status and time. */
export function OrderListPage({ navigate }: ScreenProps) {
  const orderTypeNames = useEnumNames('OrderTypeEnum');
  const billingTypeNames = useEnumNames('BillingTypeEnum');
  const orderStatusNames = useEnumNames('OrderStatusEnum');
  const choices: ChoiceFilter<typeof noFilter>[] = [
    { field: 'orderType', label: '订单类型', placeholder: '全部类型', className: 'rc-filter-order-type', names: orderTypeNames },
    { field: 'status', label: '订单状态', placeholder: '全部状态', className: 'rc-filter-order-status', names: orderStatusNames },
  ];
  const { fields, change, paged, filtering } = useFilteredList(noFilter, fetchOrders);
  const open = (id: number) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(`/account/orderDetail/${id}`);
  };

  return (
    <PageSection className="rc-order-list">
      <PageHeader />
      <ListFilters choices={choices} value={fields} onChange={change} />
      <PagedTable
        list={paged}
        className="rc-order-table"
        columns={['订单号', '类型', '实例', '计费方式', '金额', '状态', '下单时间', '']}
        empty={filtering ? '没有符合条件的订单' : '暂无订单'}
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
