import { useCallback, useState } from 'react';
import { Button, Checkbox, Table } from 'semantic-ui-react';
import { PageHeader, PageSection, PagedTable, formatDateTime, formatYuan, runAction, usePagedList, type Paging } from '@rc/shared-utility';
import { listFlaggedRecharges, markRechargeReviewed, type FlaggedRecharge } from './review-api';

/** `/account/review/recharge` (operators): payments that arrived after their order closed, credited, to be checked against the provider. */
export function RechargeReviewPage() {
  const [includeReviewed, setIncludeReviewed] = useState(false);
  const flagged = usePagedList(useCallback((paging: Paging) => listFlaggedRecharges({ ...paging, includeReviewed }), [includeReviewed]));
  const check = (item: FlaggedRecharge) => runAction(() => markRechargeReviewed(item.paymentNo), { then: () => flagged.reload() });

  return (
    <PageSection>
      <PageHeader>
        <Checkbox toggle label="显示已核对" checked={includeReviewed} onChange={(_, data) => setIncludeReviewed(Boolean(data.checked))} />
      </PageHeader>
      <PagedTable
        list={flagged}
        columns={['支付单号', '订单号', '用户', '金额', '支付方式', '支付机构交易号', '超时关闭于', '到账时间', '操作']}
        empty="没有待核对的充值"
        row={(item) => (
          <Table.Row key={item.paymentNo}>
            <Table.Cell>{item.paymentNo}</Table.Cell>
            <Table.Cell>{item.orderNo}</Table.Cell>
            <Table.Cell>{item.mobile}</Table.Cell>
            <Table.Cell>{formatYuan(item.amount)}</Table.Cell>
            <Table.Cell>{item.method}</Table.Cell>
            <Table.Cell>{item.providerTradeNo ?? '—'}</Table.Cell>
            <Table.Cell>{formatDateTime(item.expiresAt)}</Table.Cell>
            <Table.Cell>{formatDateTime(item.paidAt)}</Table.Cell>
            <Table.Cell>
              {item.reviewedAt ? (
                `已核对 ${formatDateTime(item.reviewedAt)}`
              ) : (
                <Button size="mini" primary onClick={() => void check(item)}>
                  已核对
                </Button>
              )}
            </Table.Cell>
          </Table.Row>
        )}
      />
    </PageSection>
  );
}
