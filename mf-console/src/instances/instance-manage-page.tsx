import { useCallback, useEffect, useState } from 'react';
import { Button, Icon, Menu } from 'semantic-ui-react';
import { refreshCounters, type ScreenProps } from '@rc/shared-utility';
import { listInstances } from './instance-api';
import { InstanceTable } from './instance-table';
import { PageSwitcher, usePagedList } from '../paging/use-paged-list';
import './instances.css';

const filters: readonly { text: string; status?: number }[] = [{ text: '全部' }, { text: '运行中', status: 2 }, { text: '已关机', status: 4 }];

/** `/account/instanceManage`: the user's instances, polled while any is changing state. */
export function InstanceManagePage({ navigate }: ScreenProps) {
  const [status, setStatus] = useState<number | undefined>();
  const fetchPage = useCallback((paging: { pageNum: number; pageSize: number }) => listInstances({ ...paging, status }), [status]);
  const paged = usePagedList(fetchPage);
  const { page, setPageNum, load, loaded } = paged;

  const changing = page.list.some((instance) => instance.nextStatus !== null);
  useEffect(() => {
    if (!changing) return;
    const timer = setInterval(() => void load().then(refreshCounters), 2000);
    return () => clearInterval(timer);
  }, [changing, load]);

  // Running time is charged at least every minute: keep the list and the header's balance current.
  const running = page.list.some((instance) => instance.status === 2);
  useEffect(() => {
    if (!running || changing) return;
    const timer = setInterval(() => void load().then(refreshCounters), 30_000);
    return () => clearInterval(timer);
  }, [running, changing, load]);

  return (
    <section className="rc-page rc-instance-manage">
      <div className="rc-page-header">
        <div>
          <h1 className="rc-page-title">容器实例</h1>
          <p className="rc-page-purpose">按秒计费，关机即停止计算计费。按量计费实例关机过久会自动释放：释放日期显示在列表中，提前 3 天消息提醒。</p>
        </div>
        <Button primary onClick={() => navigate('/account/suanli/create')} className="rc-rent-button">
          <Icon name="plus" />
          租用新实例
        </Button>
      </div>
      <Menu secondary pointing>
        {filters.map((filter) => (
          <Menu.Item
            key={filter.text}
            active={status === filter.status}
            onClick={() => {
              setStatus(filter.status);
              setPageNum(1);
            }}
          >
            {filter.text}
          </Menu.Item>
        ))}
      </Menu>
      {loaded && page.list.length === 0 ? (
        <div className="rc-empty">
          <p>还没有实例。</p>
          <Button primary onClick={() => navigate('/account/suanli/create')}>
            去租用GPU
          </Button>
        </div>
      ) : (
        <InstanceTable instances={page.list} onChanged={() => void load()} navigate={navigate} />
      )}
      <PageSwitcher {...paged} />
    </section>
  );
}
