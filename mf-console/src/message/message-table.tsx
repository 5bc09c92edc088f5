import { Button, Label, Loader, Table } from 'semantic-ui-react';

export interface UserMessage {
  id: number;
  title: string;
  content: string;
  isRead: boolean;
  gmtCreate: string;
}

interface MessageTableProps {
  messages: readonly UserMessage[];
  loading: boolean;
  onMarkRead: (id: number) => void;
}

const formatTime = (value: string) => new Date(value).toLocaleString('zh-CN', { hour12: false });

export function MessageTable({ messages, loading, onMarkRead }: MessageTableProps) {
  if (loading && messages.length === 0) return <Loader active inline="centered" />;
  if (messages.length === 0) return <p className="rc-muted">暂无消息</p>;
  return (
    <Table basic="very" className="rc-message-table">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell width={2}>状态</Table.HeaderCell>
          <Table.HeaderCell>消息</Table.HeaderCell>
          <Table.HeaderCell width={3}>时间</Table.HeaderCell>
          <Table.HeaderCell width={2} />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {messages.map((message) => (
          <Table.Row key={message.id} data-message-id={message.id} data-read={message.isRead}>
            <Table.Cell>
              <Label size="small" color={message.isRead ? undefined : 'red'}>
                {message.isRead ? '已读' : '未读'}
              </Label>
            </Table.Cell>
            <Table.Cell>
              <div className={message.isRead ? undefined : 'rc-message-unread'}>{message.title}</div>
              <div className="rc-muted">{message.content}</div>
            </Table.Cell>
            <Table.Cell className="rc-muted">{formatTime(message.gmtCreate)}</Table.Cell>
            <Table.Cell textAlign="right">
              {message.isRead ? null : (
                <Button size="mini" basic className="rc-mark-read" onClick={() => onMarkRead(message.id)}>
                  标记已读
                </Button>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}
