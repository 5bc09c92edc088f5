import { useCallback, useEffect, useState } from 'react';
import { Button, Icon, Input, Table } from 'semantic-ui-react';
import {
  $uploadListShow,
  bus,
  dialogs,
  formatDateTime,
  formatSize,
  PagedTable,
  runAction,
  statusLabel,
  uploads,
  usePagedList,
  useUploadsUnderWay,
  type Paging,
} from '@rc/shared-utility';
import { folderNameProblem } from '../files/files-api';
import { NewFolderForm } from './new-folder-form';
import { FolderPicker } from './folder-picker';
import {
  deleteEntry,
  downloadEntry,
  listEntries,
  moveEntries,
  readEntryBytes,
  readEntryText,
  renameEntry,
  saveEntryText,
  treeOf,
  type DiskEntry,
  type SortField,
} from './net-disk-api';
import { FolderBreadcrumb } from '../folder-breadcrumb';
import { EntryName } from '../entry-name';
import { openFilePreview } from '../file-preview';
import { useFilePicker } from '../file-picker';
import { openShareDialog } from '../shares/share-dialog';

const sortNames: Record<SortField, string> = { name: '名称', size: '大小', time: '修改时间' };

/** Uploads into this folder still under way, from the queue every micro-app shares. */
function UploadsIntoFolder({ tree, folder }: { tree: string; folder: string }) {
  const items = useUploadsUnderWay('cpu', { tree, path: folder });
  return (
    <>
      {items.map((item) => (
        <div key={item.id} className="rc-upload-row">
          <Icon name="cloud upload" color="blue" />
          {item.fileName} · {formatSize(item.fileSize)} ·{' '}
          <span className={item.status === 'error' ? 'rc-upload-failed' : 'rc-muted'}>{item.error || statusLabel(item)}</span>
        </div>
      ))}
    </>
  );
}

function RenameInput({ entry, onSave, onCancel }: { entry: DiskEntry; onSave: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState(entry.name);
  const problem = folderNameProblem(name)?.replace('文件夹名称', '名称');
  return (
    <Input
      autoFocus
      size="mini"
      className="rc-rename-input"
      value={name}
      error={Boolean(problem)}
      title={problem ?? '回车保存，Esc 取消'}
      onChange={(_, data) => setName(data.value)}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Escape') onCancel();
        if (event.key === 'Enter' && !problem) onSave(name.trim());
      }}
      action={
        <Button icon="check" size="mini" disabled={Boolean(problem)} className="rc-rename-save" onClick={() => onSave(name.trim())} />
      }
    />
  );
}

/**
 * The files of one network disk: breadcrumbs, new folder, upload into the current folder through the
 * shared uploader (merged into the disk's tree), rename inline, move through a folder picker, download
 * and delete to the trash. A frozen disk is browsed and downloaded only.
 */
export function DiskBrowser({ regionCode, writable, onChange }: { regionCode: string; writable: boolean; onChange: () => void }) {
  const [folder, setFolder] = useState('');
  const [sort, setSort] = useState<SortField>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [renaming, setRenaming] = useState<string | null>(null);
  const picker = useFilePicker((files) => upload(files));
  const tree = treeOf(regionCode);

  const fetchPage = useCallback(
    (paging: Paging) => listEntries({ ...paging, regionCode, path: folder, sort, order }),
    [regionCode, folder, sort, order],
  );
  const entries = usePagedList(fetchPage);
  const { reload: reloadEntries } = entries;
  const reload = useCallback(() => {
    void reloadEntries();
    onChange();
  }, [reloadEntries, onChange]);
  useEffect(() => bus.on('upload:done', reload), [reload]);

  const sortBy = (field: SortField) => {
    if (field === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(field);
      setOrder('asc');
    }
  };
  const sortIcon = (field: SortField) => (field === sort ? <Icon name={order === 'asc' ? 'caret up' : 'caret down'} /> : null);

  const upload = (files: Iterable<File>) => {
    for (const file of files) uploads.add(file, { uploadType: 'cpu', uploadParams: { tree, path: folder } });
    $uploadListShow.set(true);
  };

  const newFolder = () =>
    dialogs.open({
      title: '新建文件夹',
      width: 420,
      content: (close) => <NewFolderForm regionCode={regionCode} parent={folder} close={close} onCreated={reload} />,
    });

  const rename = async (entry: DiskEntry, name: string) => {
    if (name === entry.name) return setRenaming(null);
    const result = await runAction(() => renameEntry(regionCode, entry.path, name), { then: reload });
    if (result.code === 200) setRenaming(null);
  };

  const move = (entry: DiskEntry) =>
    dialogs.open({
      title: `移动「${entry.name}」`,
      width: 460,
      content: (close) => (
        <FolderPicker
          regionCode={regionCode}
          moving={[entry.path]}
          close={close}
          onPick={(to) => void runAction(() => moveEntries(regionCode, [entry.path], to), { then: reload })}
        />
      ),
    });

  const preview = (entry: DiskEntry) =>
    openFilePreview({
      name: entry.name,
      size: entry.size,
      readText: () => readEntryText(regionCode, entry.path),
      readBytes: () => readEntryBytes(regionCode, entry.path),
      saveText: writable
        ? async (text) => {
            const saved = await saveEntryText(regionCode, entry.path, text);
            if (saved.code === 200) reload();
            return saved;
          }
        : undefined,
      download: () => downloadEntry(regionCode, entry.path),
    });

  const remove = async (entry: DiskEntry) => {
    const what = entry.isDir ? `文件夹「${entry.name}」及其中的全部文件` : `文件「${entry.name}」`;
    if (
      !(await dialogs.confirm({ title: '删除', content: `确定把${what}移到回收站？7 天内可以恢复。`, confirmText: '删除', danger: true }))
    )
      return;
    await runAction(() => deleteEntry(regionCode, entry.path), { then: reload });
  };

  return (
    <div className="rc-disk-browser">
      <div className="rc-folder-bar">
        <FolderBreadcrumb path={folder} onOpen={setFolder} rootLabel="网盘" />
        <div className="rc-folder-actions">
          <Button
            primary
            size="small"
            icon="upload"
            content="上传文件"
            className="rc-upload-files"
            disabled={!writable}
            onClick={() => picker.open()}
          />
          <Button
            basic
            size="small"
            icon="folder"
            content="新建文件夹"
            className="rc-new-folder"
            disabled={!writable}
            onClick={newFolder}
          />
          <Button basic size="small" icon="tasks" content="传输列表" onClick={() => $uploadListShow.set(true)} />
          {picker.input}
        </div>
      </div>
      <UploadsIntoFolder tree={tree} folder={folder} />
      <PagedTable
        list={entries}
        className="rc-disk-table"
        columns={[
          <span key="name" className="rc-sortable" onClick={() => sortBy('name')}>
            {sortNames.name}
            {sortIcon('name')}
          </span>,
          <span key="size" className="rc-sortable" onClick={() => sortBy('size')}>
            {sortNames.size}
            {sortIcon('size')}
          </span>,
          <span key="time" className="rc-sortable" onClick={() => sortBy('time')}>
            {sortNames.time}
            {sortIcon('time')}
          </span>,
          '操作',
        ]}
        empty={folder ? '文件夹为空，上传的文件会保存在这里。' : '网盘里还没有文件，点「上传文件」开始上传。'}
        row={(entry) => (
          <Table.Row key={entry.path} className={entry.isDir ? 'rc-folder-row' : 'rc-file-row'} data-name={entry.name}>
            <Table.Cell>
              {renaming === entry.path ? (
                <RenameInput entry={entry} onSave={(name) => void rename(entry, name)} onCancel={() => setRenaming(null)} />
              ) : (
                <EntryName name={entry.name} isDir={entry.isDir} onOpen={() => setFolder(entry.path)} onPreview={() => preview(entry)} />
              )}
            </Table.Cell>
            <Table.Cell>{entry.isDir ? '—' : formatSize(entry.size)}</Table.Cell>
            <Table.Cell>{formatDateTime(entry.modifiedAt)}</Table.Cell>
            <Table.Cell className="rc-entry-actions">
              {entry.isDir ? null : (
                <Button basic size="mini" className="rc-download" onClick={() => downloadEntry(regionCode, entry.path)}>
                  下载
                </Button>
              )}
              <Button
                basic
                size="mini"
                className="rc-share"
                onClick={() => openShareDialog({ source: `netdisk:${regionCode}`, path: entry.path, name: entry.name })}
              >
                分享
              </Button>
              <Button basic size="mini" className="rc-rename" disabled={!writable} onClick={() => setRenaming(entry.path)}>
                重命名
              </Button>
              <Button basic size="mini" className="rc-move" disabled={!writable} onClick={() => move(entry)}>
                移动
              </Button>
              <Button basic size="mini" color="red" className="rc-delete" disabled={!writable} onClick={() => void remove(entry)}>
                删除
              </Button>
            </Table.Cell>
          </Table.Row>
        )}
      />
    </div>
  );
}
