import { useCallback, useEffect, useState } from 'react';
import { Button, Menu, Pagination } from 'semantic-ui-react';
import { api, bus, refreshCounters } from '@rc/shared-utility';
import { MessageTable, type UserMessage } from './message-table';

type Filter = 'all' | 'unread' | 'read';

interface Page<T> {
  list: T[];
  total: number;
}

const pageSize = 10;
const filters: readonly { key: Filter; text: string; isRead?: boolean }[] = [
  { key: 'all', text: '全部' },
  { key: 'unread', text: '未读', isRead: false },
  { key: 'read', text: '已读', isRead: true },
];

/** `/account/message`: the user's messages, marked read one by one or all at once. */
export function MessagePage() {
  const [filter, setFilter] = useState<Filter>('all');
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<UserMessage>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    const isRead = filters.find((f) => f.key === filter)?.isRead;
    const result = await api.post<Page<UserMessage>>('/user/auth/msg/user/list', { pageNum, pageSize, isRead });
    if (result.code === 200) setPage(result.data);
    setLoading(false);
  }, [filter, pageNum]);

  useEffect(() => {
    void load();
  }, [load]);

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

  const totalPages = Math.max(1, Math.ceil(page.total / pageSize));
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
      {totalPages > 1 ? (
        <Pagination activePage={pageNum} totalPages={totalPages} onPageChange={(_, data) => setPageNum(Number(data.activePage))} />
      ) : null}
    </section>
  );
}
