import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Button, Icon, Table, type SemanticICONS } from 'semantic-ui-react';
import {
  $balance,
  $idCardCheckStatus,
  $instanceNum,
  $instanceStatistics,
  $priceCalc,
  $userMsgNum,
  formatCharge,
  formatDateTime,
  formatYuan,
  ListState,
  PageHeader,
  PageSection,
  loadCounters,
  useLoaded,
  type ScreenProps,
} from '@rc/shared-utility';
import { recentCharges, storageSummary } from './home-api';

const shortcuts: readonly { icon: SemanticICONS; text: string; to: string }[] = [
  { icon: 'plus', text: '租用算力', to: '/account/suanli/create' },
  { icon: 'server', text: '容器实例', to: '/account/instanceManage' },
  { icon: 'clone outline', text: '镜像', to: '/account/mirrorImage' },
  { icon: 'hdd outline', text: '网盘', to: '/account/netDisk' },
  { icon: 'file alternate outline', text: '收支明细', to: '/account/billDetails' },
  { icon: 'id card outline', text: '实名认证', to: '/account/realAuth' },
];

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rc-stat">
      <div className="rc-stat-label">{label}</div>
      <div className="rc-stat-value">{children}</div>
    </div>
  );
}

/** A section's header button to the screen that shows all of it. */
function SeeAllButton({ to, navigate, label }: { to: string; navigate: ScreenProps['navigate']; label: string }) {
  return (
    <Button basic size="small" onClick={() => navigate(to)}>
      {label}
    </Button>
  );
}

/** `/account/home`: balance, unread messages, instances by status, recent charges and shortcuts. */
export function ConsoleHome({ navigate }: ScreenProps) {
  const balance = useStore($balance);
  const priceCalc = useStore($priceCalc);
  const unread = useStore($userMsgNum);
  const instances = useStore($instanceNum);
  const verified = useStore($idCardCheckStatus) === 1;
  const statistics = useStore($instanceStatistics);
  const storage = useLoaded(storageSummary).data;
  const charges = useLoaded(recentCharges);

  // The shell loads the counters once per page load; this shares that load (or makes it, coming here first).
  useEffect(() => {
    void loadCounters();
  }, []);

  return (
    <div className="rc-console-home">
      <PageSection>
        <PageHeader>
          <Button primary onClick={() => navigate('/account/recharge')}>
            <Icon name="yen sign" />
            充值
          </Button>
        </PageHeader>
        <div className="rc-stats">
          <Stat label="账户余额">
            <span className="rc-console-balance">{formatYuan(balance, priceCalc)}</span>
          </Stat>
          <Stat label="未读消息">
            <a
              href="/account/message"
              className="rc-console-unread"
              onClick={(event) => {
                event.preventDefault();
                navigate('/account/message');
              }}
            >
              {unread}
            </a>
            <small>条</small>
          </Stat>
          <Stat label="容器实例">
            {instances}
            <small>个</small>
          </Stat>
          <Stat label="实名认证">
            <span className={verified ? 'rc-verified' : 'rc-unverified'}>{verified ? '已实名' : '未实名'}</span>
          </Stat>
        </div>
      </PageSection>
      <PageSection
        className="rc-console-instances"
        title="实例概况"
        actions={<SeeAllButton to="/account/instanceManage" navigate={navigate} label="管理实例" />}
      >
        <div className="rc-stats">
          <Stat label="运行中">{statistics?.running ?? 0}</Stat>
          <Stat label="已关机">{statistics?.stopped ?? 0}</Stat>
          <Stat label="状态变更中">{statistics?.busy ?? 0}</Stat>
          <Stat label="创建失败">{statistics?.failed ?? 0}</Stat>
        </div>
        {storage && storage.dataDiskGb > 0 ? (
          <p className="rc-muted rc-console-storage">
            实例磁盘：系统盘共 {storage.systemDiskGb} GB，数据盘共 {storage.dataDiskGb} GB（其中扩容 {storage.dataDiskExtraGb} GB）
          </p>
        ) : null}
      </PageSection>
      <PageSection
        className="rc-console-charges"
        title="最近扣费"
        actions={<SeeAllButton to="/account/billDetails" navigate={navigate} label="收支明细" />}
      >
        <ListState source={charges} isEmpty={(page) => page.list.length === 0} empty="暂无扣费记录。">
          {(page) => (
            <Table compact basic="very">
              <Table.Body>
                {page.list.map((charge) => (
                  <Table.Row key={charge.id}>
                    <Table.Cell>{formatDateTime(charge.gmtCreate)}</Table.Cell>
                    <Table.Cell>{charge.note}</Table.Cell>
                    <Table.Cell textAlign="right">{formatCharge(charge.amount, priceCalc)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          )}
        </ListState>
      </PageSection>
      <PageSection title="常用功能">
        <div className="rc-shortcuts">
          {shortcuts.map((item) => (
            <Button key={item.to} basic onClick={() => navigate(item.to)}>
              <Icon name={item.icon} />
              {item.text}
            </Button>
          ))}
        </div>
      </PageSection>
    </div>
  );
}
