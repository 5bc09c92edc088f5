import { useCallback } from 'react';
import { Button, Message, Table } from 'semantic-ui-react';
import {
  formatDateTime,
  formatYuan,
  ListState,
  PageHeader,
  PageSection,
  routeParam,
  useEnumNames,
  useLoaded,
  type ScreenProps,
} from '@rc/shared-utility';
import { BillLinesTable } from '../bills/bill-lines-table';
import { viewResource, type ResourceKind } from './assets-api';
import '../billing.css';

/** One billed resource: its configuration, billing, spend by month and latest charge lines. */
function ResourceDetailPage({ kind, back, navigate }: ScreenProps & { kind: ResourceKind; back: string }) {
  const billingTypeNames = useEnumNames('BillingTypeEnum');
  const instanceStatusNames = useEnumNames('OpsInstanceEnum');
  const id = Number(routeParam());
  const fetch = useCallback(() => viewResource(id, kind), [id, kind]);
  const resource = useLoaded(fetch);
  return (
    <>
      <PageSection className="rc-resource-detail">
        <PageHeader subject={resource.data?.name}>
          <Button basic onClick={() => navigate(back)}>
            返回列表
          </Button>
        </PageHeader>
        {Number.isInteger(id) && id > 0 ? (
          <ListState source={resource} isEmpty={() => false} empty="">
            {(r) => (
              <>
                <Table definition compact>
                  <Table.Body>
                    {(
                      [
                        ['名称', r.name],
                        ['配置', r.spec],
                        ['地区', r.regionName],
                        ['计费方式', billingTypeNames[r.billingType] ?? '—'],
                        ['状态', instanceStatusNames[r.status] ?? String(r.status)],
                        ['到期时间', r.billingType === 1 ? '按量计费无到期' : formatDateTime(r.expiresAt)],
                        ['创建时间', formatDateTime(r.gmtCreate)],
                        ['释放时间', formatDateTime(r.releasedAt)],
                        ['累计花费', formatYuan(r.spent)],
                      ] as const
                    ).map(([label, text]) => (
                      <Table.Row key={label}>
                        <Table.Cell width={3}>{label}</Table.Cell>
                        <Table.Cell>{text}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table>
                <h3 className="rc-section-title">按月花费</h3>
                {r.months.length ? (
                  <Table compact collapsing className="rc-resource-months">
                    <Table.Body>
                      {r.months.map((m) => (
                        <Table.Row key={m.month}>
                          <Table.Cell>{m.month}</Table.Cell>
                          <Table.Cell className="rc-amount">{formatYuan(m.amount)}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table>
                ) : (
                  <p>尚未产生费用。</p>
                )}
              </>
            )}
          </ListState>
        ) : (
          <Message error>资源编号无效</Message>
        )}
      </PageSection>
      {resource.data ? (
        <PageSection title="最近的扣费">
          <BillLinesTable lines={resource.data.recentBills} empty="尚未产生扣费" navigate={navigate} />
        </PageSection>
      ) : null}
    </>
  );
}

const queryKind = (): ResourceKind => (new URLSearchParams(window.location.search).get('kind') === 'disk' ? 'disk' : 'gpu');

export const CpuResourceDetailPage = (props: ScreenProps) => <ResourceDetailPage kind="gpu" back="/account/cpuResourceManage" {...props} />;
export const StoreResourceDetailPage = (props: ScreenProps) => (
  <ResourceDetailPage kind="disk" back="/account/storeResourceManage" {...props} />
);
export const AssetDetailPage = (props: ScreenProps) => <ResourceDetailPage kind={queryKind()} back="/account/assetsManage" {...props} />;
