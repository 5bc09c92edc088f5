import { useCallback, type MouseEvent } from 'react';
import { Button, Label, Message, Table } from 'semantic-ui-react';
import {
  formatDateTime,
  formatYuan,
  ListState,
  MissingState,
  PageHeader,
  PageSection,
  routeParam,
  useEnumNames,
  useLoaded,
  type ScreenProps,
} from '@rc/shared-utility';
import { BillLinesTable } from '../bills/bill-lines-table';
import { viewOrder, type OrderView } from './orders-api';
import '../billing.css';

/** The quote fields an order's detail keeps, in the order they are shown; money unless said otherwise. */
const quoteFields: ReadonlyArray<[string, string, 'money' | 'text']> = [
  ['gpuModel', 'GPU型号', 'text'],
  ['gpuCount', 'GPU数量', 'text'],
  ['duration', '购买时长', 'text'],
  ['days', '天数', 'text'],
  ['imageName', '镜像', 'text'],
  ['dataDiskExtraGb', '扩容数据盘(GB)', 'text'],
  ['hourAmount', '每小时费用', 'money'],
  ['originalAmount', '原价', 'money'],
  ['gpuAmount', 'GPU费用', 'money'],
  ['diskAmount', '数据盘费用', 'money'],
  ['discountAmount', '包周期优惠', 'money'],
  ['from', '原数据盘(GB)', 'text'],
  ['to', '新数据盘(GB)', 'text'],
  ['remainingDays', '剩余天数', 'text'],
  ['channel', '支付方式', 'text'],
];

function Quote({ detail }: { detail: OrderView['detail'] }) {
  const rows = quoteFields.filter(([key]) => detail[key] !== undefined && detail[key] !== null);
  if (rows.length === 0) return null;
  return (
    <Table definition compact className="rc-order-quote">
      <Table.Body>
        {rows.map(([key, label, kind]) => (
          <Table.Row key={key}>
            <Table.Cell width={4}>{label}</Table.Cell>
            <Table.Cell>{kind === 'money' ? formatYuan(Number(detail[key])) : String(detail[key])}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

const backToOrders = { to: '/account/order', label: '返回订单列表' };

/** `/account/orderDetail/{id}`: the order, the price it was quoted at, its instance and the bill lines it made. */
export function OrderDetailPage({ navigate }: ScreenProps) {
  const orderTypeNames = useEnumNames('OrderTypeEnum');
  const billingTypeNames = useEnumNames('BillingTypeEnum');
  const orderStatusNames = useEnumNames('OrderStatusEnum');
  const instanceStatusNames = useEnumNames('OpsInstanceEnum');
  const id = Number(routeParam());
  const fetch = useCallback(() => viewOrder(id), [id]);
  const order = useLoaded(fetch);
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };

  return (
    <>
      <PageSection className="rc-order-detail">
        <PageHeader subject={order.data?.orderNo}>
          <Button basic onClick={() => navigate('/account/order')}>
            返回订单列表
          </Button>
        </PageHeader>
        {Number.isInteger(id) && id > 0 ? (
          <ListState source={order} isEmpty={() => false} empty="" back={backToOrders}>
            {(o) => (
              <>
                {o.status === 0 && o.orderType === 5 ? (
                  <Message warning className="rc-order-unpaid">
                    该充值订单尚未支付。
                    <a
                      href={`/account/recharge?orderNo=${o.orderNo}`}
                      onClick={go(`/account/recharge?orderNo=${encodeURIComponent(o.orderNo)}`)}
                    >
                      去支付或取消
                    </a>
                  </Message>
                ) : null}
                <Table definition compact className="rc-order-summary">
                  <Table.Body>
                    <Table.Row>
                      <Table.Cell width={4}>订单号</Table.Cell>
                      <Table.Cell className="rc-mono">{o.orderNo}</Table.Cell>
                    </Table.Row>
                    <Table.Row>
                      <Table.Cell>订单类型</Table.Cell>
                      <Table.Cell>{orderTypeNames[o.orderType] ?? o.orderType}</Table.Cell>
                    </Table.Row>
                    <Table.Row>
                      <Table.Cell>计费方式</Table.Cell>
                      <Table.Cell>{billingTypeNames[o.billingType] ?? '—'}</Table.Cell>
                    </Table.Row>
                    <Table.Row>
                      <Table.Cell>订单金额</Table.Cell>
                      <Table.Cell className="rc-order-amount">{formatYuan(o.amount)}</Table.Cell>
                    </Table.Row>
                    <Table.Row>
                      <Table.Cell>状态</Table.Cell>
                      <Table.Cell>
                        <Label size="small" basic>
                          {orderStatusNames[o.status] ?? o.status}
                        </Label>
                      </Table.Cell>
                    </Table.Row>
                    <Table.Row>
                      <Table.Cell>下单时间</Table.Cell>
                      <Table.Cell>{formatDateTime(o.gmtCreate)}</Table.Cell>
                    </Table.Row>
                    {o.instance ? (
                      <Table.Row>
                        <Table.Cell>所属实例</Table.Cell>
                        <Table.Cell className="rc-order-instance">
                          {o.instance.name}（{o.instance.regionName} · {o.instance.gpuModel} × {o.instance.gpuCount} ·{' '}
                          {instanceStatusNames[o.instance.status] ?? o.instance.status}
                          {o.instance.packageExpiresAt ? ` · 到期 ${formatDateTime(o.instance.packageExpiresAt)}` : ''}）{' '}
                          <a
                            href={`/account/cpuResourceManage/detail/${o.instance.id}`}
                            onClick={go(`/account/cpuResourceManage/detail/${o.instance.id}`)}
                          >
                            资源详情
                          </a>
                        </Table.Cell>
                      </Table.Row>
                    ) : null}
                  </Table.Body>
                </Table>
                <h3 className="rc-section-title">报价明细</h3>
                <Quote detail={o.detail} />
              </>
            )}
          </ListState>
        ) : (
          <MissingState kind="bad-link" message="订单编号无效" back={backToOrders} />
        )}
      </PageSection>
      {order.data ? (
        <PageSection title="账单明细">
          <BillLinesTable
            lines={order.data.bills}
            empty="该订单没有产生扣费（按量计费在运行时按秒计费，充值不产生账单）"
            navigate={navigate}
          />
        </PageSection>
      ) : null}
    </>
  );
}
