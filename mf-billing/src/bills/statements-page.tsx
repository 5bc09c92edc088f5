import { useCallback, type MouseEvent } from 'react';
import { Button, Table } from 'semantic-ui-react';
import { formatYuan, ListState, PageHeader, PageSection, useLoaded, type ScreenProps, routeParam } from '@rc/shared-utility';
import { listStatements, viewStatement, type Product } from './bills-api';
import '../billing.css';

const products: Record<Product, { base: string; empty: string }> = {
  gpu: { base: '/account/cpuBillManage', empty: '暂无算力账单：租用 GPU 实例并产生扣费后，这里按月列出账单。' },
  storage: { base: '/account/storeBillManage', empty: '暂无存储账单：网盘与云盘超出免费额度的部分按天扣费后，这里按月列出账单。' },
  hpc: { base: '/account/superBill', empty: '暂无超算账单：超算作业结束时按核时（GPU 分区另按卡时）扣费，扣费后这里按月列出账单。' },
};

/** A product's monthly statements (北京时间), newest first. */
function StatementsPage({ product, navigate }: ScreenProps & { product: Product }) {
  const fetch = useCallback(() => listStatements(product), [product]);
  const statements = useLoaded(fetch);
  const { base, empty } = products[product];
  const open = (month: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(`${base}/detail/${month}`);
  };
  return (
    <PageSection className="rc-statements">
      <PageHeader />
      <ListState source={statements} isEmpty={(list) => list.length === 0} empty={empty}>
        {(list) => (
          <Table compact className="rc-statement-table">
            <Table.Header>
              <Table.Row>
                {['账期', '明细条数', '扣费', '退款', '应付金额', ''].map((c) => (
                  <Table.HeaderCell key={c}>{c}</Table.HeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((s) => (
                <Table.Row key={s.month} className="rc-statement-row">
                  <Table.Cell>{s.month}</Table.Cell>
                  <Table.Cell>{s.lines}</Table.Cell>
                  <Table.Cell className="rc-amount">{formatYuan(s.charged)}</Table.Cell>
                  <Table.Cell className="rc-amount">{formatYuan(s.refunded)}</Table.Cell>
                  <Table.Cell className="rc-amount">{formatYuan(s.amount)}</Table.Cell>
                  <Table.Cell>
                    <a href={`${base}/detail/${s.month}`} onClick={open(s.month)}>
                      账单详情
                    </a>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
    </PageSection>
  );
}

/** A month's statement by resource, with the totals. */
function StatementDetailPage({ product, navigate }: ScreenProps & { product: Product }) {
  const month = routeParam();
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const fetch = useCallback(() => viewStatement(product, month), [product, month]);
  const statement = useLoaded(fetch);
  const { base } = products[product];
  const openLines = (event: MouseEvent) => {
    event.preventDefault();
    navigate('/account/definAndDetail');
  };
  return (
    <PageSection className="rc-statement-detail">
      <PageHeader subject={valid ? month : undefined}>
        <Button basic onClick={() => navigate(base)}>
          返回账单列表
        </Button>
      </PageHeader>
      {valid ? (
        <ListState source={statement} isEmpty={(s) => s.resources.length === 0} empty={`${month} 没有扣费`}>
          {(s) => (
            <Table compact className="rc-statement-resources">
              <Table.Header>
                <Table.Row>
                  {['资源', '明细条数', '按量计费时长', '扣费', '退款', '金额'].map((c) => (
                    <Table.HeaderCell key={c}>{c}</Table.HeaderCell>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {s.resources.map((r) => (
                  <Table.Row key={r.instanceId ?? r.instanceName ?? 0}>
                    <Table.Cell>{r.instanceName ?? '—'}</Table.Cell>
                    <Table.Cell>{r.lines}</Table.Cell>
                    <Table.Cell>{r.usageSeconds ? `${(r.usageSeconds / 3600).toFixed(2)} 小时` : '—'}</Table.Cell>
                    <Table.Cell className="rc-amount">{formatYuan(r.charged)}</Table.Cell>
                    <Table.Cell className="rc-amount">{formatYuan(r.refunded)}</Table.Cell>
                    <Table.Cell className="rc-amount">{formatYuan(r.amount)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
              <Table.Footer>
                <Table.Row>
                  <Table.HeaderCell>合计</Table.HeaderCell>
                  <Table.HeaderCell>{s.totals.lines}</Table.HeaderCell>
                  <Table.HeaderCell />
                  <Table.HeaderCell className="rc-amount">{formatYuan(s.totals.charged)}</Table.HeaderCell>
                  <Table.HeaderCell className="rc-amount">{formatYuan(s.totals.refunded)}</Table.HeaderCell>
                  <Table.HeaderCell className="rc-amount rc-statement-total">{formatYuan(s.totals.amount)}</Table.HeaderCell>
                </Table.Row>
              </Table.Footer>
            </Table>
          )}
        </ListState>
      ) : (
        <p>账期无效，应为 YYYY-MM。</p>
      )}
      <p className="rc-bill-rule">
        每一笔扣费见
        <a href="/account/definAndDetail" onClick={openLines}>
          账单明细
        </a>
        ，可按时间筛选并导出。
      </p>
    </PageSection>
  );
}

export const CpuBillPage = (props: ScreenProps) => <StatementsPage product="gpu" {...props} />;
export const CpuBillDetailPage = (props: ScreenProps) => <StatementDetailPage product="gpu" {...props} />;
export const StoreBillPage = (props: ScreenProps) => <StatementsPage product="storage" {...props} />;
export const StoreBillDetailPage = (props: ScreenProps) => <StatementDetailPage product="storage" {...props} />;
export const SuperBillPage = (props: ScreenProps) => <StatementsPage product="hpc" {...props} />;
