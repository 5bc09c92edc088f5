import { useCallback, useEffect, useMemo, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Breadcrumb, Button, Checkbox, Dropdown, Icon, Input, Table } from 'semantic-ui-react';
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
  uploads,
  useLoaded,
  type ScreenProps,
} from '@rc/shared-utility';
import {
  copyItems,
  downloadItem,
  emptyTrash,
  listClusters,
  listFolder,
  listTrash,
  makeFolder,
  moveItems,
  openCluster,
  readFileBytes,
  readFileText,
  removeItems,
  renameItem,
  restoreTrash,
  saveFileText,
  type TreeEntry,
  type TreeSort,
} from './file-manage-api';
import { UsageBar } from '../usage-bar';
import { FolderPicker } from './folder-picker';
import { FolderTree } from './folder-tree';
import { NewFolderDialog } from './new-folder-dialog';
import { SplitPane } from './split-pane';
import { VirtualRows } from './virtual-rows';
import './file-manage.css';
import { FolderBreadcrumb } from '../folder-breadcrumb';
import { EntryName } from '../entry-name';
import { openShareDialog } from '../shares/share-dialog';
import { openFilePreview } from '../file-preview';
import { useFilePicker } from '../file-picker';

const sortLabels: Record<TreeSort, string> = { name: '名称', size: '大小', time: '修改时间' };

function NameEditor({ entry, onDone }: { entry: TreeEntry; onDone: (name: string | null) => void }) {
  const [name, setName] = useState(entry.name);
  return (
    <Input
      size="mini"
      autoFocus
      value={name}
      maxLength={255}
      onChange={(_, data) => setName(data.value)}
      onKeyDown={(event: ReactKeyboardEvent) => {
        if (event.key === 'Enter') onDone(name.trim() === entry.name ? null : name.trim());
        if (event.key === 'Escape') onDone(null);
      }}
      action={{ icon: 'check', size: 'mini', onMouseDown: () => onDone(name.trim() === entry.name ? null : name.trim()) }}
    />
  );
}

function TrashView({ clusterId, onChanged }: { clusterId: number; onChanged: () => void }) {
  const trash = useLoaded(useCallback(() => listTrash(clusterId), [clusterId]));
  const reload = () => {
    void trash.reload();
    onChanged();
  };
  const empty = async () => {
    if (
      !(await dialogs.confirm({
        title: '清空回收站',
        content: '回收站中的全部文件将被永久删除，不可恢复。',
        confirmText: '清空',
        danger: true,
      }))
    )
      return;
    await runAction(() => emptyTrash(clusterId), { then: reload });
  };
  return (
    <ListState source={trash} isEmpty={(list) => list.length === 0} empty="回收站是空的。删除的文件会在这里保留 7 天。">
      {(list) => (
        <>
          <div className="rc-file-toolbar">
            <span className="rc-muted">删除的文件保留到“清除时间”，期间可恢复；回收站占用空间配额。</span>
            <span className="rc-spacer" />
            <Button basic color="red" size="small" icon="trash" content="清空回收站" onClick={() => void empty()} />
          </div>
          <Table basic="very" className="rc-trash-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>原位置</Table.HeaderCell>
                <Table.HeaderCell width={2}>大小</Table.HeaderCell>
                <Table.HeaderCell width={3}>删除时间</Table.HeaderCell>
                <Table.HeaderCell width={3}>清除时间</Table.HeaderCell>
                <Table.HeaderCell width={2}>操作</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((item) => (
                <Table.Row key={item.id}>
                  <Table.Cell>
                    <Icon name={item.isDir ? 'folder' : 'file outline'} color={item.isDir ? 'yellow' : undefined} />
                    {item.originalPath}
                  </Table.Cell>
                  <Table.Cell>{formatSize(item.bytes)}</Table.Cell>
                  <Table.Cell>{formatDateTime(item.deletedAt)}</Table.Cell>
                  <Table.Cell>{formatDateTime(item.expiresAt)}</Table.Cell>
                  <Table.Cell>
                    <Button
                      basic
                      size="mini"
                      content="恢复"
                      onClick={() => void runAction(() => restoreTrash(item.id), { then: reload })}
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </>
      )}
    </ListState>
  );
}

/**
 * `/account/fileManage` and `/account/fileManage/fileList`: my files on a cluster (the default one
 * unless `?clusterId=`, opened at `&folder=` relative to my root there), with a folder tree, breadcrumbs, several items moved, copied or deleted at
 * once, inline rename, new folders, uploads dropped into the folder, downloads and the trash.
 */
export function FileListPage({ navigate }: ScreenProps) {
  const clusters = useLoaded(listClusters);
  const query = new URLSearchParams(window.location.search);
  const asked = Number(query.get('clusterId')) || null;
  const [chosen, setChosen] = useState<number | null>(asked);
  const clusterId = chosen ?? clusters.data?.find((cluster) => cluster.isDefault)?.id ?? null;
  const [folder, setFolder] = useState(() => (asked ? (query.get('folder') ?? '') : ''));
  const [sort, setSort] = useState<TreeSort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [renaming, setRenaming] = useState<string | null>(null);
  const [showTrash, setShowTrash] = useState(false);
  const [version, setVersion] = useState(0);
  const picker = useFilePicker((files) => upload(files));

  const entries = useLoaded(
    useCallback(
      () => (clusterId === null ? new Promise<never>(() => undefined) : listFolder(clusterId, folder, sort, order)),
      [clusterId, folder, sort, order],
    ),
  );
  const usage = useLoaded(
    useCallback(() => (clusterId === null ? new Promise<never>(() => undefined) : openCluster(clusterId)), [clusterId]),
  );
  const { reload: reloadEntries } = entries;
  const { reload: reloadUsage } = usage;
  const reload = useCallback(() => {
    setSelected(new Set());
    setVersion((n) => n + 1);
    void Promise.all([reloadEntries(), reloadUsage()]);
  }, [reloadEntries, reloadUsage]);
  useEffect(() => bus.on('upload:done', reload), [reload]);

  const open = (path: string) => {
    setFolder(path);
    setSelected(new Set());
    setShowTrash(false);
  };
  const list = useMemo(() => entries.data?.list ?? [], [entries.data]);
  const chosenPaths = [...selected];

  if (clusters.data && clusters.data.length === 0) return <EmptyState>暂无可用的集群，请联系管理员。</EmptyState>;
  if (clusterId === null)
    return (
      <ListState source={clusters} isEmpty={() => false} empty={null}>
        {() => null}
      </ListState>
    );

  const upload = (files: Iterable<File>) => {
    for (const file of files)
      uploads.add(file, { uploadType: 'cpu', uploadParams: { path: folder }, mergeParams: { path: folder, tree: `cluster:${clusterId}` } });
  };
  const toggle = (path: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  const sortBy = (key: TreeSort) => {
    if (key === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(key);
      setOrder(key === 'name' ? 'asc' : 'desc');
    }
  };
  const newFolder = () =>
    dialogs.open({
      title: '新建文件夹',
      width: 420,
      content: (close) => (
        <NewFolderDialog
          close={close}
          create={async (name) => {
            const result = await makeFolder(clusterId, folder, name);
            if (result.code !== 200) return result.msg;
            reload();
            return null;
          }}
        />
      ),
    });
  const transfer = (verb: '移动' | '复制') =>
    dialogs.open({
      title: `${verb} ${chosenPaths.length} 项`,
      width: 480,
      content: (close) => (
        <FolderPicker
          clusterId={clusterId}
          start={folder}
          verb={verb}
          close={close}
          onPick={async (target) => {
            const call = verb === '移动' ? moveItems : copyItems;
            const result = await runAction(() => call(clusterId, chosenPaths, target), { then: reload });
            return result.code === 200;
          }}
        />
      ),
    });
  const remove = async () => {
    const content = `确定删除选中的 ${chosenPaths.length} 项？删除后可在回收站中恢复（保留 7 天）。`;
    if (!(await dialogs.confirm({ title: '删除', content, confirmText: '删除', danger: true }))) return;
    await runAction(() => removeItems(clusterId, chosenPaths), { then: reload });
  };
  const preview = (entry: TreeEntry) =>
    openFilePreview({
      name: entry.name,
      size: entry.size,
      readText: () => readFileText(clusterId, entry.path),
      readBytes: () => readFileBytes(clusterId, entry.path),
      saveText: async (text) => {
        const saved = await saveFileText(clusterId, entry.path, text);
        if (saved.code === 200) reload();
        return saved;
      },
      download: () => downloadItem(clusterId, entry.path),
    });
  const rename = async (entry: TreeEntry, name: string | null) => {
    setRenaming(null);
    if (name) await runAction(() => renameItem(clusterId, entry.path, name), { then: reload });
  };

  const head = (
    <div className="rc-row is-head" role="row">
      <Checkbox
        aria-label="全选"
        checked={list.length > 0 && selected.size === list.length}
        indeterminate={selected.size > 0 && selected.size < list.length}
        onChange={() => setSelected(selected.size === list.length ? new Set() : new Set(list.map((entry) => entry.path)))}
      />
      {(['name', 'size', 'time'] as const).map((key) => (
        <button key={key} type="button" className="rc-sort" onClick={() => sortBy(key)}>
          {sortLabels[key]}
          {sort === key ? <Icon name={order === 'asc' ? 'caret up' : 'caret down'} /> : null}
        </button>
      ))}
      <span>操作</span>
    </div>
  );
  const row = (entry: TreeEntry) => (
    <div key={entry.path} role="row" className={`rc-row${selected.has(entry.path) ? ' is-selected' : ''}`}>
      <Checkbox aria-label={`选择 ${entry.name}`} checked={selected.has(entry.path)} onChange={() => toggle(entry.path)} />
      <span className="rc-name">
        {renaming === entry.path ? (
          <NameEditor entry={entry} onDone={(name) => void rename(entry, name)} />
        ) : (
          <EntryName name={entry.name} isDir={entry.isDir} onOpen={() => open(entry.path)} onPreview={() => preview(entry)} />
        )}
      </span>
      <span>{entry.isDir ? '—' : formatSize(entry.size)}</span>
      <span>{formatDateTime(entry.modifiedAt)}</span>
      <span>
        <Button basic size="mini" content="重命名" onClick={() => setRenaming(entry.path)} />
        <Button basic size="mini" content="下载" onClick={() => downloadItem(clusterId, entry.path)} />
        <Button
          basic
          size="mini"
          content="分享"
          className="rc-share"
          onClick={() => openShareDialog({ source: `cluster:${clusterId}`, path: entry.path, name: entry.name })}
        />
      </span>
    </div>
  );

  return (
    <PageSection className="rc-file-manage-page">
      <PageHeader>
        <Dropdown
          selection
          compact
          aria-label="集群"
          value={clusterId}
          options={(clusters.data ?? []).map((cluster) => ({
            key: cluster.id,
            value: cluster.id,
            text: `${cluster.name}${cluster.isDefault ? '（默认）' : ''}`,
          }))}
          onChange={(_, data) => {
            setChosen(Number(data.value));
            open('');
          }}
        />
        <Button basic size="small" icon="chart bar" content="存储概览" onClick={() => navigate('/account/fileStorage')} />
      </PageHeader>
      {usage.data ? (
        <div className="rc-file-usage">
          <UsageBar storage="fileStorage" label="空间" used={usage.data.used.bytes} quota={usage.data.quota.bytes} format={formatSize} />
          <UsageBar
            storage="fileStorage"
            label="文件数"
            used={usage.data.used.files}
            quota={usage.data.quota.files}
            format={(n) => `${n.toLocaleString('zh-CN')} 个`}
          />
        </div>
      ) : null}
      <SplitPane
        label="调整文件夹树宽度"
        initial={220}
        first={<FolderTree clusterId={clusterId} current={showTrash ? '\u0000' : folder} version={version} onOpen={open} />}
        second={
          <div className="rc-file-main">
            <div className="rc-file-toolbar">
              <FolderBreadcrumb
                path={folder}
                onOpen={open}
                after={
                  showTrash ? (
                    <>
                      <Breadcrumb.Divider icon="right angle" />
                      <Breadcrumb.Section active>回收站</Breadcrumb.Section>
                    </>
                  ) : undefined
                }
              />
              <span className="rc-spacer" />
              <Button
                basic
                size="small"
                icon={showTrash ? 'folder open' : 'trash alternate'}
                content={showTrash ? '返回文件' : '回收站'}
                onClick={() => setShowTrash(!showTrash)}
              />
            </div>
            {showTrash ? (
              <TrashView clusterId={clusterId} onChanged={reload} />
            ) : (
              <>
                <div className="rc-file-toolbar">
                  <Button primary size="small" icon="upload" content="上传文件" onClick={() => picker.open()} />
                  <Button basic size="small" icon="folder" content="新建文件夹" onClick={newFolder} />
                  <Button basic size="small" icon="move" content="移动" disabled={selected.size === 0} onClick={() => transfer('移动')} />
                  <Button basic size="small" icon="copy" content="复制" disabled={selected.size === 0} onClick={() => transfer('复制')} />
                  <Button
                    basic
                    size="small"
                    color="red"
                    icon="trash"
                    content="删除"
                    disabled={selected.size === 0}
                    onClick={() => void remove()}
                  />
                  <span className="rc-spacer" />
                  <span className="rc-muted">
                    {entries.data ? `共 ${entries.data.total} 项${selected.size ? `，已选 ${selected.size} 项` : ''}` : ''}
                  </span>
                  {picker.input}
                </div>
                <ListState source={entries} isEmpty={() => false} empty={null}>
                  {() => (
                    <VirtualRows
                      items={list}
                      head={head}
                      row={row}
                      onDropFiles={upload}
                      empty={
                        <EmptyState>
                          {folder ? '文件夹为空，把文件拖到这里上传。' : '还没有文件，把文件拖到这里或点“上传文件”。'}
                        </EmptyState>
                      }
                    />
                  )}
                </ListState>
              </>
            )}
          </div>
        }
      />
    </PageSection>
  );
}
