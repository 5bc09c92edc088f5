import { useCallback, type MouseEvent } from 'react';
import { Button, Table } from 'semantic-ui-react';
import { formatDateTime, formatYuan, ListState, PageSection, useLoaded, type ScreenProps } from '@rc/shared-utility';
import { billKindNames, productNames } from '../labels';
import { lineAmountText, quantityText, unitPriceText } from './bill-line-text';
import { InstanceRecordLink } from './bill-lines-table';
import { viewBill } from './bills-api';

/** One charge line: what, when, the period, unit price × quantity, the rounding rule, its order and the balance after it. */
export function BillDetail({ id, navigate }: { id: number; navigate: ScreenProps['navigate'] }) {
  const fetch = useCallback(() => viewBill(id), [id]);
  const bill = useLoaded(fetch);
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  return (
    <PageSection
      title="扣费详情"
      className="rc-bill-detail"
      actions={<Button basic icon="close" aria-label="关闭" onClick={() => navigate('/account/definAndDetail')} />}
    >
      <ListState source={bill} isEmpty={() => false} empty="">
        {(b) => (
          <Table definition compact>
            <Table.Body>
              {(
                [
                  ['时间', formatDateTime(b.gmtCreate)],
                  ['产品', productNames[b.product] ?? b.product],
                  ['类型', billKindNames[b.kind] ?? b.kind],
                  ['实例', b.instanceName ?? '—'],
                  ['计费周期', b.periodStart ? `${formatDateTime(b.periodStart)} 至 ${formatDateTime(b.periodEnd)}` : '—'],
                  ['单价', unitPriceText(b)],
                  ['用量', quantityText(b)],
                  ['金额', `${lineAmountText(b.amount)}（${b.amount} 厘）`],
                  ['扣费后余额', b.balanceAfter === null ? '—' : formatYuan(b.balanceAfter)],
                  ['说明', b.note],
                  ['计费规则', b.rule],
                ] as const
              ).map(([label, text]) => (
                <Table.Row key={label}>
                  <Table.Cell width={3}>{label}</Table.Cell>
                  <Table.Cell>{text}</Table.Cell>
                </Table.Row>
              ))}
              {b.instanceId ? (
                <Table.Row>
                  <Table.Cell>为什么扣费</Table.Cell>
                  <Table.Cell>
                    <InstanceRecordLink line={b} navigate={navigate} />
                  </Table.Cell>
                </Table.Row>
              ) : null}
              {b.orderId ? (
                <Table.Row>
                  <Table.Cell>订单</Table.Cell>
                  <Table.Cell>
                    <a href={`/account/orderDetail/${b.orderId}`} onClick={go(`/account/orderDetail/${b.orderId}`)}>
                      {b.orderNo}
                    </a>
                  </Table.Cell>
                </Table.Row>
              ) : null}
            </Table.Body>
          </Table>
        )}
      </ListState>
    </PageSection>
  );
}
