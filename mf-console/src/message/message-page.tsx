import { useCallback, useState } from 'react';
import { Button, Menu } from 'semantic-ui-react';
import { api, bus, refreshCounters } from '@rc/shared-utility';
import { PageSwitcher, usePagedList, type Page } from '../paging/use-paged-list';
import { MessageTable, type UserMessage } from './message-table';

type Filter = 'all' | 'unread' | 'read';

const filters: readonly { key: Filter; text: string; isRead?: boolean }[] = [
  { key: 'all', text: '全部' },
  { key: 'unread', text: '未读', isRead: false },
  { key: 'read', text: '已读', isRead: true },
];

/** `/account/message`: the user's messages, marked read one by one or all at once. */
export function MessagePage() {
  const [filter, setFilter] = useState<Filter>('all');
  const fetchPage = useCallback(
    (paging: { pageNum: number; pageSize: number }) =>
      api.post<Page<UserMessage>>('/user/auth/msg/user/list', { ...paging, isRead: filters.find((f) => f.key === filter)?.isRead }),
    [filter],
  );
  const paged = usePagedList(fetchPage);
  const { page, setPageNum, load, loading } = paged;

  const afterRead = async () => {
    await Promise.all([load(), refreshCounters()]);
  };

  const markRead = async (id: number) => {
    const result = await api.post('/user/auth/msg/user/read', { ids: [id] });
    if (result.code === 200) await afterRead();
  };

  const readAll = async () => {
    const result = await api.post('/user/auth/msg/user/read/all', {});
    if (result.code !== 200) return;
    bus.emit('toast', { type: 'success', message: '已全部标记为已读' });
    await afterRead();
  };

  return (
    <section className="rc-page rc-message-page">
      <div className="rc-page-header">
        <div>
          <h1 className="rc-page-title">消息通知</h1>
          <p className="rc-page-purpose">查看系统发给你的消息，标记已读或全部已读。</p>
        </div>
        <Button basic className="rc-read-all" onClick={() => void readAll()}>
          全部已读
        </Button>
      </div>
      <Menu secondary pointing>
        {filters.map((f) => (
          <Menu.Item
            key={f.key}
            active={filter === f.key}
            onClick={() => {
              setFilter(f.key);
              setPageNum(1);
            }}
          >
            {f.text}
          </Menu.Item>
        ))}
      </Menu>
      <MessageTable messages={page.list} loading={loading} onMarkRead={(id) => void markRead(id)} />
      <PageSwitcher {...paged} />
    </section>
  );
}
