import { useCallback, useState } from 'react';
import { Button, Checkbox, Form, Icon, Table } from 'semantic-ui-react';
import {
  FieldError,
  formatDateTime,
  formatYuan,
  PagedTable,
  PageHeader,
  PageSection,
  useEnumNames,
  useLoaded,
  usePagedList,
  useSubmit,
  type ScreenProps,
} from '@rc/shared-utility';
import { ApplyFields, useApplyExtras } from './apply-fields';
import { InvoiceableBreakdown } from './invoiceable-breakdown';
import { applyForInvoice, invoiceableAmount, listInvoiceOrders, type InvoiceOrder } from './invoices-api';
import './invoices.css';

/** `/account/invoice/orderInvoice`: pick paid orders not yet invoiced; their total is the invoice's amount. */
export function OrderInvoicePage({ navigate }: ScreenProps) {
  const orderTypeNames = useEnumNames('OrderTypeEnum');
  const amount = useLoaded(useCallback(() => invoiceableAmount(), []));
  const paged = usePagedList(listInvoiceOrders);
  const [picked, setPicked] = useState<Map<number, InvoiceOrder>>(new Map());
  const extras = useApplyExtras();
  const { busy, errors, submit } = useSubmit<'orders' | 'title'>();
  const total = [...picked.values()].reduce((sum, order) => sum + order.amount, 0);
  const toggle = (order: InvoiceOrder) => {
    const next = new Map(picked);
    if (next.has(order.id)) next.delete(order.id);
    else next.set(order.id, order);
    setPicked(next);
  };

  return (
    <div className="rc-invoices">
      <PageSection>
        <PageHeader>
          <Button basic onClick={() => navigate('/account/invoice')}>
            <Icon name="arrow left" />
            发票管理
          </Button>
        </PageHeader>
        <InvoiceableBreakdown amount={amount} />
      </PageSection>
      <PageSection>
        <PagedTable
          list={paged}
          className="rc-invoice-orders"
          columns={['', '订单号', '类型', '金额', '下单时间', '开票']}
          empty="还没有已支付的订单。"
          row={(order) => (
            <Table.Row key={order.id} disabled={order.invoiced}>
              <Table.Cell collapsing>
                <Checkbox
                  aria-label={`选择订单 ${order.orderNo}`}
                  disabled={order.invoiced}
                  checked={picked.has(order.id)}
                  onChange={() => toggle(order)}
                />
              </Table.Cell>
              <Table.Cell>{order.orderNo}</Table.Cell>
              <Table.Cell>{orderTypeNames[order.orderType] ?? order.orderType}</Table.Cell>
              <Table.Cell>{formatYuan(order.amount)}</Table.Cell>
              <Table.Cell>{formatDateTime(order.gmtCreate)}</Table.Cell>
              <Table.Cell>{order.invoiced ? '已开票或申请中' : '可开票'}</Table.Cell>
            </Table.Row>
          )}
        />
        <Form
          className="rc-invoice-apply"
          onSubmit={() =>
            void submit({
              check: () => ({
                orders: picked.size ? undefined : '请选择要开票的订单',
                title: extras.titleId ? undefined : extras.list.length === 0 ? '请先添加发票抬头' : '请选择发票抬头',
              }),
              call: () =>
                applyForInvoice({
                  mode: 'orders',
                  orderIds: [...picked.keys()],
                  titleId: extras.titleId!,
                  email: extras.email.trim(),
                  remark: extras.remark.trim(),
                }),
              then: () => navigate('/account/invoice'),
            })
          }
        >
          <p>
            已选 {picked.size} 个订单，开票金额 <strong data-testid="order-total">{formatYuan(total)}</strong>
          </p>
          <FieldError message={errors.orders} />
          <ApplyFields extras={extras} titleError={errors.title} />
          <Button primary type="submit" loading={busy} disabled={busy} content="提交开票申请" />
        </Form>
      </PageSection>
    </div>
  );
}
