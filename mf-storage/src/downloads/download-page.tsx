import { useEffect } from 'react';
import { Button, Icon, Label, List, Popup, Progress, Table } from 'semantic-ui-react';
import { dialogs, formatDateTime, formatSize, PageHeader, PageSection, PagedTable, runAction, usePagedList } from '@rc/shared-utility';
import { cancelTask, downloadAgain, listDownloads, listTasks, type DownloadRecordView, type StorageTaskView } from './downloads-api';
import './downloads.css';

const statusColors: Record<string, 'grey' | 'blue' | 'green' | 'red' | 'orange'> = {
  queued: 'grey',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'orange',
};
const active = (task: StorageTaskView) => task.status === 'queued' || task.status === 'running';

function TaskProgress({ task }: { task: StorageTaskView }) {
  const percent =
    task.totalBytes > 0
      ? Math.floor((task.doneBytes / task.totalBytes) * 100)
      : task.totalItems > 0
        ? Math.floor((task.doneItems / task.totalItems) * 100)
        : 100;
  return (
    <div className="rc-task-progress">
      <Progress percent={task.status === 'done' ? 100 : percent} size="tiny" color={task.failures.length > 0 ? 'orange' : 'blue'} />
      <small className="rc-muted">
        {formatSize(task.doneBytes)} / {formatSize(task.totalBytes)} · {task.doneItems} / {task.totalItems} 个文件
      </small>
    </div>
  );
}

function Failures({ task }: { task: StorageTaskView }) {
  if (task.failures.length === 0) return null;
  return (
    <Popup
      on="click"
      wide="very"
      trigger={
        <Button size="mini" basic color="orange" className="rc-task-failures">
          {task.failures.length} 项失败
        </Button>
      }
      content={
        <List divided relaxed className="rc-failure-list">
          {task.failures.map((failure, index) => (
            <List.Item key={index}>
              <List.Header>{failure.path || '任务'}</List.Header>
              {failure.reason}
            </List.Item>
          ))}
        </List>
      }
    />
  );
}

function TasksSection() {
  const tasks = usePagedList(listTasks);
  const { page, reload } = tasks;
  const running = page.list.some(active);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void reload(), 1000);
    return () => clearInterval(timer);
  }, [running, reload]);

  const cancel = async (task: StorageTaskView) => {
    const confirmed = await dialogs.confirm({
      title: '取消任务',
      content: `确定取消「${task.title}」？已完成的文件会保留。`,
      confirmText: '取消任务',
      cancelText: '继续执行',
    });
    if (confirmed) await runAction(() => cancelTask(task.id), { then: reload });
  };

  const row = (task: StorageTaskView) => (
    <Table.Row key={task.id} data-task-id={task.id} data-status={task.status}>
      <Table.Cell>
        <div>{task.title}</div>
        <small className="rc-muted">
          {task.kindName} · 创建于 {formatDateTime(task.gmtCreate)}
        </small>
      </Table.Cell>
      <Table.Cell>
        <Label size="mini" color={statusColors[task.status]} className="rc-task-status">
          {task.cancelRequested && active(task) ? '取消中' : task.statusName}
        </Label>
      </Table.Cell>
      <Table.Cell>
        <TaskProgress task={task} />
      </Table.Cell>
      <Table.Cell collapsing>
        <Failures task={task} />
        {active(task) && !task.cancelRequested ? (
          <Button size="mini" basic negative className="rc-cancel-task" onClick={() => void cancel(task)}>
            取消
          </Button>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );

  return (
    <PagedTable
      list={tasks}
      className="rc-task-table"
      columns={['任务', '状态', '进度', '操作']}
      empty="暂无任务：复制或移动文件夹、把公开数据复制到网盘时，任务会显示在这里。"
      row={row}
    />
  );
}

function DownloadsSection() {
  const downloads = usePagedList(listDownloads);
  const row = (record: DownloadRecordView) => (
    <Table.Row key={record.id}>
      <Table.Cell>
        <Icon name={record.isDir ? 'folder' : 'file outline'} />
        {record.name}
        <div className="rc-muted">
          {record.treeLabel} · {record.path}
        </div>
      </Table.Cell>
      <Table.Cell>
        {formatSize(record.bytes)}
        {record.isDir ? <div className="rc-muted">文件夹（zip）</div> : null}
      </Table.Cell>
      <Table.Cell>{formatDateTime(record.gmtCreate)}</Table.Cell>
      <Table.Cell collapsing>
        {record.exists ? (
          <Button size="mini" basic onClick={() => downloadAgain(record)}>
            再次下载
          </Button>
        ) : (
          <span className="rc-muted">文件已不存在</span>
        )}
      </Table.Cell>
    </Table.Row>
  );
  return (
    <PagedTable
      list={downloads}
      columns={['文件', '大小', '下载时间', '操作']}
      empty="暂无下载记录：在网盘或文件存储中下载文件后，会记录在这里。"
      row={row}
    />
  );
}

/** `/account/download` (我的下载): my tasks with live progress, cancel and the failure report, then my downloads. */
export function DownloadPage() {
  return (
    <>
      <PageSection className="rc-downloads">
        <PageHeader />
        <h2 className="rc-section-title">任务</h2>
        <TasksSection />
      </PageSection>
      <PageSection title="下载记录">
        <DownloadsSection />
      </PageSection>
    </>
  );
}
