import { useCallback, useState } from 'react';
import { Button, Menu } from 'semantic-ui-react';
import { PageHeader, PageSection, PagedTable, refreshCounters, runAction, usePagedList, type Paging } from '@rc/shared-utility';
import { listMessages, markAllRead, markRead } from './message-api';
import { MessageRow } from './message-row';

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
    (paging: Paging) => listMessages({ ...paging, isRead: filters.find((f) => f.key === filter)?.isRead }),
    [filter],
  );
  const paged = usePagedList(fetchPage);
  const { setPageNum, reload } = paged;

  const afterRead = async () => {
    await Promise.all([reload(), refreshCounters()]);
  };

  return (
    <PageSection className="rc-message-page">
      <PageHeader>
        <Button basic className="rc-read-all" onClick={() => void runAction(markAllRead, { success: '已全部标记为已读', then: afterRead })}>
          全部已读
        </Button>
      </PageHeader>
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
      <PagedTable
        list={paged}
        className="rc-message-table"
        columns={['状态', '消息', '时间', '']}
        empty={filter === 'all' ? '暂无消息' : `没有${filters.find((f) => f.key === filter)?.text}消息`}
        row={(message) => (
          <MessageRow
            key={message.id}
            message={message}
            onMarkRead={(id) => void runAction(() => markRead(id), { success: false, then: afterRead })}
          />
        )}
      />
    </PageSection>
  );
}
