import { useCallback, useEffect, useState } from 'react';
import { Button, Icon, Menu } from 'semantic-ui-react';
import { ListState, PageHeader, PageSection, PageSwitcher, bus, usePagedList, type Paging, type ScreenProps } from '@rc/shared-utility';
import { listInstances } from './instance-api';
import { InstanceTable } from './instance-table';
import './instances.css';

const filters: readonly { text: string; status?: number }[] = [
  { text: '全部' },
  { text: '运行中', status: 2 },
  { text: '已关机', status: 4 },
];

/** `/account/instanceManage`: the user's instances, polled while any is changing state. */
export function InstanceManagePage({ navigate }: ScreenProps) {
  const [status, setStatus] = useState<number | undefined>();
  const fetchPage = useCallback((paging: Paging) => listInstances({ ...paging, status }, { errorTip: false }), [status]);
  const paged = usePagedList(fetchPage);
  const { page, setPageNum, reload: load } = paged;

  // The server pushes each status change of the user's instances (and the header's counters with it).
  useEffect(() => bus.on('instances:changed', () => void load()), [load]);

  const changing = page.list.some((instance) => instance.nextStatus !== null);
  useEffect(() => {
    if (!changing) return;
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [changing, load]);

  // An application's service is starting: show when it runs (or fails) without a reload.
  const appStarting = page.list.some((instance) => instance.app?.state === 'starting');
  useEffect(() => {
    if (!appStarting || changing) return;
    const timer = setInterval(() => void load(), 3000);
    return () => clearInterval(timer);
  }, [appStarting, changing, load]);

  // Running time is charged at least every minute: keep the list's figures current.
  const running = page.list.some((instance) => instance.status === 2);
  useEffect(() => {
    if (!running || changing) return;
    const timer = setInterval(() => void load(), 30_000);
    return () => clearInterval(timer);
  }, [running, changing, load]);

  return (
    <PageSection className="rc-instance-manage">
      <PageHeader>
        <Button primary onClick={() => navigate('/account/suanli/create')} className="rc-rent-button">
          <Icon name="plus" />
          租用新实例
        </Button>
      </PageHeader>
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
      <ListState
        source={paged}
        isEmpty={(loaded) => loaded.list.length === 0}
        empty={
          <>
            <p>{status === undefined ? '还没有实例。' : '没有符合条件的实例。'}</p>
            <Button primary onClick={() => navigate('/account/suanli/create')}>
              去租用GPU
            </Button>
          </>
        }
      >
        {(loaded) => <InstanceTable instances={loaded.list} onChanged={() => void load()} navigate={navigate} />}
      </ListState>
      <PageSwitcher {...paged} />
    </PageSection>
  );
}
