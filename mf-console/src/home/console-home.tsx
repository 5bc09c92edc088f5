import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Button, Icon, Table, type SemanticICONS } from 'semantic-ui-react';
import { $balance, $idCardCheckStatus, $instanceNum, $priceCalc, $userInfo, $userMsgNum, api, formatMoney, refreshCounters, formatDateTime, type ScreenProps } from '@rc/shared-utility';
import { formatCharge } from '../instances/instance-types';

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

interface Statistics {
  totalContainer: number;
  running: number;
  stopped: number;
  busy: number;
  failed: number;
}

interface StorageSummary {
  systemDiskGb: number;
  dataDiskGb: number;
  dataDiskExtraGb: number;
}

interface Charge {
  id: number;
  amount: number;
  note: string;
  gmtCreate: string;
}

function useConsoleData() {
  const [statistics, setStatistics] = useState<Statistics | null>(null);
  const [charges, setCharges] = useState<Charge[]>([]);
  const [storage, setStorage] = useState<StorageSummary | null>(null);
  useEffect(() => {
    void api.get<StorageSummary>('/user/auth/dashboard/storage', undefined, { cache: false }).then((result) => result.code === 200 && setStorage(result.data));
    void api.get<Statistics>('/container/auth/statistics', undefined, { cache: false }).then((result) => result.code === 200 && setStatistics(result.data));
    void api.post<{ list: Charge[] }>('/user/auth/order/bill/list', { pageSize: 5 }).then((result) => result.code === 200 && setCharges(result.data.list));
  }, []);
  return { statistics, charges, storage };
}

/** `/account/home`: balance, unread messages, instances by status, recent charges and shortcuts. */
export function ConsoleHome({ navigate }: ScreenProps) {
  const balance = useStore($balance);
  const priceCalc = useStore($priceCalc);
  const unread = useStore($userMsgNum);
  const instances = useStore($instanceNum);
  const verified = useStore($idCardCheckStatus) === 1;
  const userInfo = useStore($userInfo);

  const { statistics, charges, storage } = useConsoleData();

  useEffect(() => {
    void refreshCounters();
  }, []);

  return (
    <div className="rc-console-home">
      <section className="rc-page">
        <div className="rc-page-header">
          <div>
            <h1 className="rc-page-title">控制台</h1>
            <p className="rc-page-purpose">你好，{userInfo?.nickname ?? '用户'}。这里汇总了你的余额、实例与消息。</p>
          </div>
          <Button primary onClick={() => navigate('/account/recharge')}>
            <Icon name="yen sign" />
            充值
          </Button>
        </div>
        <div className="rc-stats">
          <Stat label="账户余额">
            <span className="rc-console-balance">¥{formatMoney(balance, priceCalc)}</span>
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
      </section>
      <section className="rc-page rc-console-instances">
        <div className="rc-page-header">
          <h2 className="rc-page-title">实例概况</h2>
          <Button basic size="small" onClick={() => navigate('/account/instanceManage')}>
            管理实例
          </Button>
        </div>
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
      </section>
      <section className="rc-page rc-console-charges">
        <div className="rc-page-header">
          <h2 className="rc-page-title">最近扣费</h2>
          <Button basic size="small" onClick={() => navigate('/account/billDetails')}>
            收支明细
          </Button>
        </div>
        {charges.length === 0 ? (
          <p className="rc-muted">暂无扣费记录。</p>
        ) : (
          <Table compact basic="very">
            <Table.Body>
              {charges.map((charge) => (
                <Table.Row key={charge.id}>
                  <Table.Cell>{formatDateTime(charge.gmtCreate)}</Table.Cell>
                  <Table.Cell>{charge.note}</Table.Cell>
                  <Table.Cell textAlign="right">{formatCharge(charge.amount, (value) => formatMoney(value, priceCalc))}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </section>
      <section className="rc-page">
        <h2 className="rc-page-title">常用功能</h2>
        <div className="rc-shortcuts">
          {shortcuts.map((item) => (
            <Button key={item.to} basic onClick={() => navigate(item.to)}>
              <Icon name={item.icon} />
              {item.text}
            </Button>
          ))}
        </div>
      </section>
    </div>
  );
}
