import { useCallback } from 'react';
import { Button, Message, Table } from 'semantic-ui-react';
import {
  formatCharge,
  formatDateTime,
  formatYuan,
  ListState,
  PageHeader,
  PageSection,
  useLoaded,
  type ScreenProps,
  routeParam,
} from '@rc/shared-utility';
import { ledgerKindNames } from '../labels';
import { BillLinesTable } from './bill-lines-table';
import { viewLedgerEntry } from './bills-api';
import '../billing.css';

/** `/account/billDetails/{id}` (收支详情): one movement of the balance and the charge lines it paid. */
export function LedgerDetailPage({ navigate }: ScreenProps) {
  const id = Number(routeParam());
  const fetch = useCallback(() => viewLedgerEntry(id), [id]);
  const entry = useLoaded(fetch);
  return (
    <>
      <PageSection className="rc-ledger-detail">
        <PageHeader>
          <Button basic onClick={() => navigate('/account/billDetails')}>
            返回收支明细
          </Button>
        </PageHeader>
        {Number.isInteger(id) && id > 0 ? (
          <ListState source={entry} isEmpty={() => false} empty="">
            {(e) => (
              <Table definition compact>
                <Table.Body>
                  {(
                    [
                      ['时间', formatDateTime(e.gmtCreate)],
                      ['类型', ledgerKindNames[e.kind] ?? e.kind],
                      ['金额', `${formatCharge(-e.amount)}（${e.amount} 厘）`],
                      ['变动后余额', formatYuan(e.balanceAfter)],
                      ['说明', e.note || '—'],
                    ] as const
                  ).map(([label, text]) => (
                    <Table.Row key={label}>
                      <Table.Cell width={3}>{label}</Table.Cell>
                      <Table.Cell>{text}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table>
            )}
          </ListState>
        ) : (
          <Message error>收支记录编号无效</Message>
        )}
      </PageSection>
      {entry.data && entry.data.kind !== 'recharge' && entry.data.kind !== 'grant' ? (
        <PageSection title="对应的扣费明细">
          <BillLinesTable lines={entry.data.bills} empty="这笔收支没有对应的扣费明细" navigate={navigate} />
        </PageSection>
      ) : null}
    </>
  );
}
