import { Button, Label, Table } from 'semantic-ui-react';
import { formatDateTime } from '@rc/shared-utility';
import type { UserMessage } from './message-api';

export function MessageRow({ message, onMarkRead }: { message: UserMessage; onMarkRead: (id: number) => void }) {
  return (
    <Table.Row data-message-id={message.id} data-read={message.isRead}>
      <Table.Cell collapsing>
        <Label size="small" color={message.isRead ? undefined : 'red'}>
          {message.isRead ? '已读' : '未读'}
        </Label>
      </Table.Cell>
      <Table.Cell>
        <div className={message.isRead ? undefined : 'rc-message-unread'}>{message.title}</div>
        <div className="rc-muted">{message.content}</div>
      </Table.Cell>
      <Table.Cell collapsing className="rc-muted">
        {formatDateTime(message.gmtCreate)}
      </Table.Cell>
      <Table.Cell collapsing textAlign="right">
        {message.isRead ? null : (
          <Button size="mini" basic className="rc-mark-read" onClick={() => onMarkRead(message.id)}>
            标记已读
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
}
