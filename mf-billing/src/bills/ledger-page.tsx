import type { MouseEvent } from 'react';
import { Table } from 'semantic-ui-react';
import {
  formatCharge,
  formatDateTime,
  formatYuan,
  PageHeader,
  PageSection,
  PagedTable,
  type Paging,
  type ScreenProps,
} from '@rc/shared-utility';
import { ledgerKindNames } from '../labels';
import { ListFilters, timeRangeOf, useFilteredList, type ChoiceFilter } from '../list-filters';
import { listLedger, type LedgerPage as LedgerAnswer } from './bills-api';
import '../billing.css';

type LedgerKind = 'recharge' | 'charge' | 'refund' | 'grant';

const noFilter = { kind: '', from: '', to: '' };
const choices: ChoiceFilter<typeof noFilter>[] = [
  { field: 'kind', label: '收支类型', placeholder: '全部', className: 'rc-filter-ledger-kind', names: ledgerKindNames },
];
const fetchLedger = (fields: typeof noFilter, paging: Paging) =>
  listLedger({ ...paging, kind: (fields.kind || undefined) as LedgerKind | undefined, ...timeRangeOf(fields) });

/** `/account/billDetails` (收支明细): every movement of the balance, with the income and expense of the filter. */
export function LedgerPage({ navigate }: ScreenProps) {
  const { fields, change, paged, filtering } = useFilteredList(noFilter, fetchLedger);
  const loaded = paged.data as LedgerAnswer | undefined;
  const open = (id: number) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(`/account/billDetails/${id}`);
  };

  return (
    <PageSection className="rc-ledger">
      <PageHeader />
      <ListFilters choices={choices} value={fields} onChange={change} />
      {loaded ? (
        <div className="rc-bill-totals">
          共 {loaded.total} 笔：收入 <b className="rc-ledger-income">{formatYuan(loaded.income)}</b>，支出{' '}
          <b className="rc-ledger-expense">{formatYuan(loaded.expense)}</b>
        </div>
      ) : null}
      <p className="rc-bill-rule rc-ledger-rule">
        金额按厘（0.001 元）记账：几秒钟的按量计费等不足 1 分的收支显示为「&lt;¥0.01」，在详情中可见精确到厘的金额。
      </p>
      <PagedTable
        list={paged}
        className="rc-ledger-table"
        columns={['时间', '类型', '金额', '变动后余额', '说明', '']}
        empty={filtering ? '没有符合条件的收支记录' : '暂无收支记录'}
        row={(entry) => (
          <Table.Row key={entry.id} className="rc-ledger-row">
            <Table.Cell>{formatDateTime(entry.gmtCreate)}</Table.Cell>
            <Table.Cell>{ledgerKindNames[entry.kind] ?? entry.kind}</Table.Cell>
            <Table.Cell className={entry.amount >= 0 ? 'rc-amount rc-income' : 'rc-amount'}>{formatCharge(-entry.amount)}</Table.Cell>
            <Table.Cell className="rc-amount">{formatYuan(entry.balanceAfter)}</Table.Cell>
            <Table.Cell>{entry.note}</Table.Cell>
            <Table.Cell>
              <a href={`/account/billDetails/${entry.id}`} onClick={open(entry.id)}>
                详情
              </a>
            </Table.Cell>
          </Table.Row>
        )}
      />
    </PageSection>
  );
}
