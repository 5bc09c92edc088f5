import { createElement, useCallback, useEffect, useState, type DragEvent } from 'react';
import { Button, Icon, Progress, Table } from 'semantic-ui-react';
import {
  bus,
  dialogs,
  EmptyState,
  formatDateTime,
  formatSize,
  ListState,
  PageHeader,
  PageSection,
  runAction,
  statusLabel,
  uploads,
  useLoaded,
  useUploadsUnderWay,
  type ScreenProps,
} from '@rc/shared-utility';
import { downloadFile, listFolder, removeEntry, storageUsage, type DirEntry, type StorageUsage } from './files-api';
import { NewFolderForm } from './new-folder-form';
import './files.css';
import { FolderBreadcrumb } from '../folder-breadcrumb';
import { EntryName } from '../entry-name';
import { useFilePicker } from '../file-picker';

function UsageBar({ usage }: { usage: StorageUsage }) {
  const taken = usage.used + usage.reserved;
  return (
    <div className="rc-storage-usage">
      <span>
        已用 {formatSize(usage.used)}
        {usage.reserved > 0 ? `（上传中预留 ${formatSize(usage.reserved)}）` : ''} / 共 {formatSize(usage.quota)}
      </span>
      <Progress
        percent={Math.min(100, Math.round((taken / usage.quota) * 100))}
        size="tiny"
        color={taken / usage.quota > 0.9 ? 'red' : 'blue'}
      />
    </div>
  );
}

/** This folder's uploads still under way, from the queue every micro-app shares. */
function UploadsIntoFolder({ folder }: { folder: string }) {
  const items = useUploadsUnderWay('cpu', { path: folder });
  if (items.length === 0) return null;
  return (
    <>
      {items.map((item) => (
        <Table.Row key={item.id} className="rc-upload-row">
          <Table.Cell>
            <Icon name="cloud upload" color="blue" />
            {item.fileName}
          </Table.Cell>
          <Table.Cell>{formatSize(item.fileSize)}</Table.Cell>
          <Table.Cell colSpan={3}>
            <span className={item.status === 'error' ? 'rc-upload-failed' : 'rc-muted'}>{item.error || statusLabel(item)}</span>
          </Table.Cell>
        </Table.Row>
      ))}
    </>
  );
}

/** The shared queue embedded in the page (spec §9's 700×378 variant of `<rc-uploader>`); its 上传文件 adds to `folder`. */
function UploadQueue({ folder }: { folder: string }) {
  return (
    <div className="rc-upload-queue">
      {createElement('rc-uploader', { variant: 'inline', 'upload-type': 'cpu', 'target-path': folder })}
    </div>
  );
}

/**
 * `/account/upload`: the user's file storage, folder by folder, with uploads into the folder shown.
 * Files go through the shared upload queue, shown and controlled in the page's own transfer list.
 */
export function UploadPage({ navigate }: ScreenProps) {
  const [folder, setFolder] = useState('');
  const [dragging, setDragging] = useState(false);
  const picker = useFilePicker((files) => upload(files));

  // An answer for a folder left meanwhile is dropped (useLoaded keeps the latest call's).
  const entries = useLoaded(useCallback(() => listFolder(folder), [folder]));
  const usage = useLoaded(storageUsage);
  const { reload: reloadEntries } = entries;
  const { reload: reloadUsage } = usage;
  const reload = useCallback(() => void Promise.all([reloadEntries(), reloadUsage()]), [reloadEntries, reloadUsage]);
  useEffect(() => bus.on('upload:done', reload), [reload]);

  const upload = (files: Iterable<File>) => {
    for (const file of files) uploads.add(file, { uploadType: 'cpu', uploadParams: { path: folder } });
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    upload(event.dataTransfer.files);
  };

  const remove = async (entry: DirEntry) => {
    const what = entry.isDir ? `文件夹「${entry.name}」及其中的全部文件` : `文件「${entry.name}」`;
    if (!(await dialogs.confirm({ title: '删除', content: `确定删除${what}？删除后不可恢复。`, confirmText: '删除', danger: true })))
      return;
    await runAction(() => removeEntry(entry.path), { success: (freed) => `已删除，释放 ${formatSize(freed.bytes)}`, then: reload });
  };

  const newFolder = () =>
    dialogs.open({
      title: '新建文件夹',
      width: 420,
      content: (close) => <NewFolderForm close={close} onCreate={(name) => setFolder(folder ? `${folder}/${name}` : name)} />,
    });

  return (
    <PageSection className="rc-upload-page">
      <PageHeader>{usage.data ? <UsageBar usage={usage.data} /> : null}</PageHeader>
      <div className="rc-upload-links">
        <Button basic size="mini" icon="help circle" content="上传助手" onClick={() => navigate('/account/upload/helper')} />
        <Button basic size="mini" icon="tachometer alternate" content="上传测速" onClick={() => navigate('/account/upload/test')} />
      </div>

      <div
        className={`rc-drop-zone${dragging ? ' is-dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <Icon name="cloud upload" size="big" />
        <p>
          把文件拖到这里，或
          <Button primary size="small" className="rc-pick-files" onClick={() => picker.open()}>
            选择文件
          </Button>
        </p>
        <p className="rc-muted">上传到「{folder || '全部文件'}」，进度在下方的传输列表中查看。</p>
        {picker.input}
      </div>

      <UploadQueue folder={folder} />

      <div className="rc-folder-bar">
        <FolderBreadcrumb path={folder} onOpen={setFolder} />
        <div className="rc-folder-actions">
          <Button basic size="small" icon="folder" content="新建文件夹" onClick={newFolder} />
        </div>
      </div>

      <ListState source={entries} isEmpty={() => false} empty={null}>
        {(list) => (
          <>
            <Table basic="very" className="rc-file-table">
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>名称</Table.HeaderCell>
                  <Table.HeaderCell width={2}>大小</Table.HeaderCell>
                  <Table.HeaderCell width={4}>MD5</Table.HeaderCell>
                  <Table.HeaderCell width={3}>上传时间</Table.HeaderCell>
                  <Table.HeaderCell width={2}>操作</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                <UploadsIntoFolder folder={folder} />
                {list.map((entry) => (
                  <Table.Row key={entry.path} className={entry.isDir ? 'rc-folder-row' : 'rc-file-row'}>
                    <Table.Cell>
                      <EntryName name={entry.name} isDir={entry.isDir} onOpen={() => setFolder(entry.path)} />
                    </Table.Cell>
                    <Table.Cell>{entry.isDir ? '—' : formatSize(entry.size)}</Table.Cell>
                    <Table.Cell>{entry.md5 ? <code className="rc-md5">{entry.md5}</code> : '—'}</Table.Cell>
                    <Table.Cell>{formatDateTime(entry.gmtCreate)}</Table.Cell>
                    <Table.Cell className="rc-entry-actions">
                      {entry.isDir ? null : (
                        <Button basic size="mini" onClick={() => downloadFile(entry.path)}>
                          下载
                        </Button>
                      )}
                      <Button basic size="mini" color="red" onClick={() => void remove(entry)}>
                        删除
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
            {list.length === 0 ? (
              <EmptyState>{folder ? '文件夹为空，上传的文件会保存在这里。' : '还没有文件，选择或拖入文件开始上传。'}</EmptyState>
            ) : null}
          </>
        )}
      </ListState>
    </PageSection>
  );
}
