import { useCallback, useState } from 'react';
import { Button, Icon } from 'semantic-ui-react';
import { formatYuan, PageHeader, PageSection, PagedTable, usePagedList, type Paging, type ScreenProps } from '@rc/shared-utility';
import { dayStart } from '../day-range';
import { BillDetail } from './bill-detail';
import { BillFilters, noBillFilter, type BillFilterFields } from './bill-filters';
import { BillLineRow, billColumns } from './bill-lines-table';
import { exportBills, listBills, type BillFilter, type BillPage } from './bills-api';
import { RunningPanel } from './running-panel';
import { SpendChart } from './spend-chart';
import '../billing.css';

function toFilter(fields: BillFilterFields): BillFilter {
  return {
    product: (fields.product || undefined) as BillFilter['product'],
    kind: (fields.kind || undefined) as BillFilter['kind'],
    startTime: dayStart(fields.from),
    endTime: dayStart(fields.to, true),
  };
}

/** `/account/definAndDetail` (账单明细): every charge line with its period, unit price and quantity, the totals, export and the spend chart. */
export function BillLinesPage({ navigate }: ScreenProps) {
  const [fields, setFields] = useState(noBillFilter);
  const filter = toFilter(fields);
  const fetchPage = useCallback((paging: Paging) => listBills({ ...paging, ...toFilter(fields) }), [fields]);
  const paged = usePagedList(fetchPage);
  const loaded = paged.data as BillPage | undefined;
  const billId = Number(new URLSearchParams(window.location.search).get('bill'));

  return (
    <>
      {billId > 0 ? <BillDetail id={billId} navigate={navigate} /> : null}
      <PageSection className="rc-bill-lines">
        <PageHeader>
          <div className="rc-export-buttons">
            <Button basic className="rc-export-csv" onClick={() => exportBills(filter, 'csv')}>
              <Icon name="file alternate outline" />
              导出 CSV
            </Button>
            <Button basic className="rc-export-xlsx" onClick={() => exportBills(filter, 'xlsx')}>
              <Icon name="file excel outline" />
              导出 Excel
            </Button>
          </div>
        </PageHeader>
        <RunningPanel />
        <BillFilters
          value={fields}
          onChange={(next) => {
            setFields(next);
            paged.setPageNum(1);
          }}
        />
        {loaded ? (
          <div className="rc-bill-totals">
            合计 <b className="rc-bill-totals-lines">{loaded.totals.lines}</b> 条：扣费 {formatYuan(loaded.totals.charged)}，退款{' '}
            {formatYuan(loaded.totals.refunded)}，净额 <b className="rc-bill-totals-amount">{formatYuan(loaded.totals.amount)}</b>
          </div>
        ) : null}
        <PagedTable
          list={paged}
          className="rc-bill-table"
          columns={billColumns}
          empty={fields === noBillFilter ? '暂无扣费记录' : '没有符合条件的扣费记录'}
          row={(line) => <BillLineRow key={line.id} line={line} navigate={navigate} />}
        />
        {loaded ? <p className="rc-bill-rule">计费规则：{loaded.rule}</p> : null}
      </PageSection>
      <PageSection title="近30天每日消费" className="rc-spend">
        <SpendChart />
      </PageSection>
    </>
  );
}
