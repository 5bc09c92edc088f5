import { useCallback, useState } from 'react';
import { Button, Dropdown, Label, Menu, Message } from 'semantic-ui-react';
import {
  formatDateTime,
  formatSize,
  formatYuan,
  ListState,
  PageHeader,
  PageSection,
  useLoaded,
  type ScreenProps,
} from '@rc/shared-utility';
import { UsageBar } from '../usage-bar';
import { ActivationForm } from './activation-form';
import { DiskBrowser } from './disk-browser';
import { netDiskOverview, type NetDiskRegion } from './net-disk-api';
import { TrashView } from './trash-view';
import './net-disk.css';

const statusLabels: Record<number, { text: string; color: 'grey' | 'green' | 'red' }> = {
  0: { text: '未开通', color: 'grey' },
  1: { text: '使用中', color: 'green' },
  2: { text: '已冻结', color: 'red' },
};

/**
 * `/account/netDisk`: the network disk of each region (网盘), mounted at /root/netdisk in that region's
 * instances: activate or resize it, see its usage, browse and manage its files, and its trash.
 */
export function NetDiskPage({ navigate }: ScreenProps) {
  const overview = useLoaded(useCallback(() => netDiskOverview(), []));
  const [chosen, setChosen] = useState<string | null>(null);
  const [view, setView] = useState<'files' | 'trash'>('files');
  const { reload } = overview;

  return (
    <PageSection className="rc-net-disk-page">
      <PageHeader />
      <ListState source={overview} isEmpty={(data) => data.regions.length === 0} empty="暂无开放的地区">
        {({ terms, regions }) => {
          const region: NetDiskRegion =
            regions.find((each) => each.regionCode === chosen) ?? regions.find((each) => each.status !== 0) ?? regions[0]!;
          return (
            <>
              <div className="rc-region-bar">
                <span>地区</span>
                <Dropdown
                  selection
                  className="rc-region-picker"
                  aria-label="地区"
                  value={region.regionCode}
                  options={regions.map((each) => ({
                    key: each.regionCode,
                    value: each.regionCode,
                    text: `${each.regionName}${each.status === 0 ? '' : `（${each.sizeGb} GB）`}`,
                  }))}
                  onChange={(_, data) => {
                    setChosen(String(data.value));
                    setView('files');
                  }}
                />
                <Label color={statusLabels[region.status]!.color} className="rc-disk-status">
                  {statusLabels[region.status]!.text}
                </Label>
              </div>

              {region.status === 2 ? (
                <Message warning className="rc-frozen">
                  <Message.Header>网盘已冻结（欠费）</Message.Header>
                  <p>
                    账户余额不足以支付网盘的每日费用 {formatYuan(region.dayAmount)}
                    ，网盘暂时只读：可以浏览和下载文件，但不能上传、新建、重命名、移动或删除。充值后，下一次扣费时自动恢复。
                  </p>
                  <Button primary size="small" onClick={() => navigate('/account/recharge')}>
                    去充值
                  </Button>
                </Message>
              ) : null}

              {region.status === 0 ? (
                <div className="rc-activation">
                  <h3>开通{region.regionName}的网盘</h3>
                  <p className="rc-muted">网盘开通后会挂载到你在该地区的实例的 /root/netdisk，实例释放后数据仍保留。</p>
                  <ActivationForm key={region.regionCode} region={region} terms={terms} onDone={() => void reload()} />
                </div>
              ) : (
                <>
                  <div className="rc-disk-summary">
                    <UsageBar storage="netDisk" label="容量" used={region.usedBytes} quota={region.quotaBytes} format={formatSize} />
                    <UsageBar
                      storage="netDisk"
                      label="文件数"
                      used={region.usedFiles}
                      quota={region.quotaFiles}
                      format={(n) => `${n} 个`}
                    />
                    <div className="rc-muted">
                      每日费用 {region.dayAmount > 0 ? `${formatYuan(region.dayAmount)}` : '免费'}，已付费至{' '}
                      {formatDateTime(region.paidThrough)}
                    </div>
                  </div>
                  <details className="rc-resize">
                    <summary>调整容量</summary>
                    <ActivationForm
                      key={`${region.regionCode}-${region.sizeGb}`}
                      region={region}
                      terms={terms}
                      onDone={() => void reload()}
                    />
                  </details>
                  <Menu secondary pointing className="rc-disk-views">
                    <Menu.Item name="files" active={view === 'files'} onClick={() => setView('files')}>
                      文件
                    </Menu.Item>
                    <Menu.Item name="trash" active={view === 'trash'} onClick={() => setView('trash')} className="rc-trash-tab">
                      回收站
                    </Menu.Item>
                  </Menu>
                  {view === 'files' ? (
                    <DiskBrowser
                      key={region.regionCode}
                      regionCode={region.regionCode}
                      writable={region.status === 1}
                      onChange={() => void reload()}
                    />
                  ) : (
                    <TrashView
                      key={region.regionCode}
                      regionCode={region.regionCode}
                      writable={region.status === 1}
                      onChange={() => void reload()}
                    />
                  )}
                </>
              )}
            </>
          );
        }}
      </ListState>
    </PageSection>
  );
}
