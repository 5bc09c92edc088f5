import { useCallback } from 'react';
import { Button, Icon, Table } from 'semantic-ui-react';
import { dialogs, formatDateTime, formatSize, ListState, runAction, useLoaded } from '@rc/shared-utility';
import { deleteItem, emptyTrash, listTrash, restoreItem, type TrashEntry } from './net-disk-api';

/** The network disk's trash: restore to where it was, delete for good, or empty it. Kept 7 days, counted by the quota. */
export function TrashView({ regionCode, writable, onChange }: { regionCode: string; writable: boolean; onChange: () => void }) {
  const items = useLoaded(useCallback(() => listTrash(regionCode), [regionCode]));
  const reload = () => void Promise.all([items.reload(), onChange()]);

  const purge = async (item: TrashEntry) => {
    if (
      !(await dialogs.confirm({
        title: '永久删除',
        content: `确定永久删除「${item.name}」？删除后不可恢复。`,
        confirmText: '永久删除',
        danger: true,
      }))
    )
      return;
    await runAction(() => deleteItem(item.id), { then: reload });
  };
  const empty = async () => {
    if (
      !(await dialogs.confirm({
        title: '清空回收站',
        content: '确定永久删除回收站中的全部文件？删除后不可恢复。',
        confirmText: '清空',
        danger: true,
      }))
    )
      return;
    await runAction(() => emptyTrash(regionCode), { then: reload });
  };

  return (
    <div className="rc-trash">
      <div className="rc-folder-bar">
        <span className="rc-muted">删除的文件在回收站保留 7 天，到期自动清除；回收站占用网盘容量。</span>
        <Button basic color="red" size="small" className="rc-empty-trash" disabled={!items.data?.length} onClick={() => void empty()}>
          清空回收站
        </Button>
      </div>
      <ListState source={items} isEmpty={(list) => list.length === 0} empty="回收站是空的">
        {(list) => (
          <Table basic="very" className="rc-trash-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>名称</Table.HeaderCell>
                <Table.HeaderCell>原位置</Table.HeaderCell>
                <Table.HeaderCell width={2}>大小</Table.HeaderCell>
                <Table.HeaderCell width={3}>删除时间</Table.HeaderCell>
                <Table.HeaderCell width={3}>清除时间</Table.HeaderCell>
                <Table.HeaderCell width={3}>操作</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((item) => (
                <Table.Row key={item.id} className="rc-trash-row">
                  <Table.Cell>
                    <Icon name={item.isDir ? 'folder' : 'file outline'} color={item.isDir ? 'yellow' : undefined} />
                    {item.name}
                  </Table.Cell>
                  <Table.Cell>/{item.originalPath}</Table.Cell>
                  <Table.Cell>
                    {formatSize(item.bytes)}
                    {item.isDir ? `（${item.files} 个文件）` : ''}
                  </Table.Cell>
                  <Table.Cell>{formatDateTime(item.deletedAt)}</Table.Cell>
                  <Table.Cell>{formatDateTime(item.expiresAt)}</Table.Cell>
                  <Table.Cell>
                    <Button
                      basic
                      size="mini"
                      className="rc-restore"
                      disabled={!writable}
                      onClick={() => void runAction(() => restoreItem(item.id), { then: reload })}
                    >
                      恢复
                    </Button>
                    <Button basic size="mini" color="red" onClick={() => void purge(item)}>
                      永久删除
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
    </div>
  );
}
