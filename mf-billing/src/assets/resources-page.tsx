import { useCallback, type MouseEvent } from 'react';
import { Table } from 'semantic-ui-react';
import {
  formatDateTime,
  formatYuan,
  ListState,
  PagedTable,
  PageHeader,
  PageSection,
  useEnumNames,
  useLoaded,
  usePagedList,
  type Paging,
  type ScreenProps,
} from '@rc/shared-utility';
import { listResources, listStorageResources, type ResourceKind } from './assets-api';
import '../billing.css';

const kindTitles: Record<ResourceKind, { title: string; empty: string }> = {
  gpu: { title: '算力实例', empty: '暂无算力资源：租用 GPU 实例后，这里列出它的计费方式、到期时间与累计花费。' },
  disk: { title: '数据盘', empty: '暂无数据盘：实例扩容数据盘后，这里列出它的容量与花费。' },
};

const diskNote =
  '按量计费实例的扩容数据盘按其每天价格计入实例的日单价，随运行时长按秒扣费；累计花费只含包周期实例扩容时一次性支付的数据盘费用。';

/** A paged table of one kind of billed resource; `detailBase` is where a row's detail opens. */
function ResourceTable({ kind, detailBase, navigate }: ScreenProps & { kind: ResourceKind; detailBase: string }) {
  const billingTypeNames = useEnumNames('BillingTypeEnum');
  const instanceStatusNames = useEnumNames('OpsInstanceEnum');
  const fetchPage = useCallback((paging: Paging) => listResources({ ...paging, kind }), [kind]);
  const paged = usePagedList(fetchPage);
  const href = (id: number) => `${detailBase}/${id}${detailBase.startsWith('/account/assetsManage') ? `?kind=${kind}` : ''}`;
  const open = (id: number) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(href(id));
  };
  return (
    <PagedTable
      list={paged}
      className={`rc-resource-table rc-resource-${kind}`}
      columns={['名称', '配置', '地区', '计费方式', '状态', '到期时间', '累计花费', '创建时间', '']}
      empty={kindTitles[kind].empty}
      row={(r) => (
        <Table.Row key={`${r.kind}-${r.id}`} className="rc-resource-row">
          <Table.Cell>{r.name}</Table.Cell>
          <Table.Cell>{r.spec}</Table.Cell>
          <Table.Cell>{r.regionName}</Table.Cell>
          <Table.Cell>{billingTypeNames[r.billingType] ?? '—'}</Table.Cell>
          <Table.Cell>{instanceStatusNames[r.status] ?? r.status}</Table.Cell>
          <Table.Cell>{r.billingType === 1 ? '按量计费无到期' : formatDateTime(r.expiresAt)}</Table.Cell>
          <Table.Cell className="rc-amount">{formatYuan(r.spent)}</Table.Cell>
          <Table.Cell>{formatDateTime(r.gmtCreate)}</Table.Cell>
          <Table.Cell>
            <a href={href(r.id)} onClick={open(r.id)}>
              详情
            </a>
          </Table.Cell>
        </Table.Row>
      )}
    />
  );
}

const diskPages = { netdisk: '/account/netDisk', clouddisk: '/account/fileDisk' };

/** The user's network and cloud disks with their daily cost and what they have cost so far. */
function StorageDiskTable({ navigate }: ScreenProps) {
  const disks = useLoaded(listStorageResources);
  return (
    <ListState source={disks} isEmpty={(list) => list.length === 0} empty="暂无网盘或云盘：开通后，这里列出它的容量、每日费用与累计花费。">
      {(list) => (
        <Table className="rc-storage-disks" unstackable>
          <Table.Header>
            <Table.Row>
              {['名称', '配置', '地区', '状态', '每日费用', '已付费至', '累计花费', '开通时间', ''].map((column) => (
                <Table.HeaderCell key={column}>{column}</Table.HeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.map((disk) => (
              <Table.Row key={`${disk.kind}-${disk.id}`} className="rc-storage-disk-row">
                <Table.Cell>{disk.name}</Table.Cell>
                <Table.Cell>{disk.spec}</Table.Cell>
                <Table.Cell>{disk.regionName}</Table.Cell>
                <Table.Cell>{disk.status === 2 ? '已冻结（欠费）' : '使用中'}</Table.Cell>
                <Table.Cell className="rc-amount">{disk.kind === 'netdisk' ? formatYuan(disk.dayAmount) : '按所存容量'}</Table.Cell>
                <Table.Cell>{formatDateTime(disk.paidThrough)}</Table.Cell>
                <Table.Cell className="rc-amount">{formatYuan(disk.spent)}</Table.Cell>
                <Table.Cell>{formatDateTime(disk.gmtCreate)}</Table.Cell>
                <Table.Cell>
                  <a
                    href={diskPages[disk.kind]}
                    onClick={(event) => {
                      event.preventDefault();
                      navigate(diskPages[disk.kind]);
                    }}
                  >
                    管理
                  </a>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </ListState>
  );
}

/** `/account/cpuResourceManage`: the user's GPU instances with billing type, expiry and lifetime spend. */
export function CpuResourcePage(props: ScreenProps) {
  return (
    <PageSection className="rc-resources">
      <PageHeader />
      <ResourceTable kind="gpu" detailBase="/account/cpuResourceManage/detail" {...props} />
    </PageSection>
  );
}

/** `/account/storeResourceManage`: the network and cloud disks, then instances' extra data disks. */
export function StoreResourcePage(props: ScreenProps) {
  return (
    <>
      <PageSection className="rc-resources">
        <PageHeader />
        <h3 className="rc-section-title">网盘与云盘</h3>
        <StorageDiskTable {...props} />
        <p className="rc-bill-rule">网盘按容量、云盘按所存容量，超出免费额度的部分按天预扣；余额不足时冻结为只读，充值后自动恢复。</p>
      </PageSection>
      <PageSection title={kindTitles.disk.title}>
        <ResourceTable kind="disk" detailBase="/account/storeResourceManage/detail" {...props} />
        <p className="rc-bill-rule">{diskNote}</p>
      </PageSection>
    </>
  );
}

/** `/account/assetsManage`: every billed resource, by kind. */
export function AssetsPage(props: ScreenProps) {
  return (
    <>
      <PageSection className="rc-resources">
        <PageHeader />
        <h3 className="rc-section-title">{kindTitles.gpu.title}</h3>
        <ResourceTable kind="gpu" detailBase="/account/assetsManage/detail" {...props} />
      </PageSection>
      <PageSection title={kindTitles.disk.title}>
        <ResourceTable kind="disk" detailBase="/account/assetsManage/detail" {...props} />
        <p className="rc-bill-rule">{diskNote}</p>
      </PageSection>
    </>
  );
}
