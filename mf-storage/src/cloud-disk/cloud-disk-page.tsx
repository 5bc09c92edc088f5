import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Dropdown, Header, Icon, Progress, Segment, Table } from 'semantic-ui-react';
import {
  $uploadListShow,
  bus,
  dialogs,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatSize,
  formatYuan,
  LoadingState,
  PageHeader,
  PageSection,
  runAction,
  statusLabel,
  uploads,
  useLoaded,
  useUploadsUnderWay,
} from '@rc/shared-utility';
import {
  activateCloudDisk,
  cloudDiskInfo,
  deleteCloudKeys,
  downloadUrl,
  readObjectBytes,
  readObjectText,
  saveObjectText,
  listCloudFolder,
  listRegions,
  saveFrom,
  type CloudDiskInfo,
  type ListResult,
} from './cloud-disk-api';
import { CloudFolderForm } from './cloud-folder-form';
import './cloud-disk.css';
import { FolderBreadcrumb } from '../folder-breadcrumb';
import { EntryName } from '../entry-name';
import { openShareDialog } from '../shares/share-dialog';
import { openFilePreview } from '../file-preview';
import { useFilePicker } from '../file-picker';

function UsageBar({ info }: { info: CloudDiskInfo }) {
  const share = info.usedBytes / info.quotaBytes;
  return (
    <div className="rc-cloud-usage">
      <span>
        已用 {formatSize(info.usedBytes)}（{info.objects} 个文件）/ 共 {formatSize(info.quotaBytes)}
      </span>
      <Progress
        percent={Math.min(100, Math.round(share * 100))}
        size="tiny"
        color={share > 0.9 ? 'red' : share > 0.8 ? 'orange' : 'blue'}
      />
    </div>
  );
}

function Activation({ info, onActivated }: { info: CloudDiskInfo; onActivated: () => void }) {
  const [busy, setBusy] = useState(false);
  const activate = async () => {
    setBusy(true);
    await runAction(() => activateCloudDisk(info.regionCode), { then: onActivated });
    setBusy(false);
  };
  return (
    <Segment placeholder textAlign="center" className="rc-cloud-activation">
      <Header icon>
        <Icon name="cloud" color="blue" />
        该地区的云盘尚未开通
      </Header>
      <p className="rc-muted">
        容量 {formatSize(info.quotaBytes)}，{info.freeGb} GB 以内免费，超出部分按实际存储量 {formatYuan(info.pricePerGbMonth)}
        /GB/月按天扣费；文件从浏览器直传对象存储。
      </p>
      <div>
        <Button primary loading={busy} disabled={busy} className="rc-cloud-activate" onClick={() => void activate()}>
          开通云盘
        </Button>
      </div>
    </Segment>
  );
}

type Listing = { folders: ListResult['folders']; files: ListResult['files']; next: string | null };

/** One prefix's listing, page after page (加载更多 follows the continuation token); a newer prefix drops older answers. */
function useFolderListing(regionCode: string, prefix: string) {
  const [listing, setListing] = useState<Listing | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const latest = useRef(0);

  const load = useCallback(
    async (token?: string) => {
      const call = ++latest.current;
      if (token) setLoadingMore(true);
      else setListing(undefined);
      setError(null);
      const result = await listCloudFolder(regionCode, prefix, token);
      if (call !== latest.current) return;
      setLoadingMore(false);
      if (result.code !== 200) return setError(result.msg || '加载失败');
      const { folders, files, nextContinuationToken: next } = result.data;
      setListing((current) =>
        token && current
          ? { folders: [...current.folders, ...folders], files: [...current.files, ...files], next }
          : { folders, files, next },
      );
    },
    [regionCode, prefix],
  );

  useEffect(() => {
    void load();
  }, [load]);
  return { listing, error, loadingMore, reload: () => load(), more: () => load(listing?.next ?? undefined) };
}

/** This prefix's uploads still under way, from the queue every micro-app shares. */
function UploadsIntoPrefix({ regionCode, prefix }: { regionCode: string; prefix: string }) {
  const items = useUploadsUnderWay('gpu', { regionCode, prefix });
  return (
    <>
      {items.map((item) => (
        <Table.Row key={item.id} className="rc-upload-row">
          <Table.Cell />
          <Table.Cell>
            <Icon name="cloud upload" color="blue" />
            {item.fileName}
          </Table.Cell>
          <Table.Cell>{formatSize(item.fileSize)}</Table.Cell>
          <Table.Cell colSpan={2}>
            <span className={item.status === 'error' ? 'rc-upload-failed' : 'rc-muted'}>{item.error || statusLabel(item)}</span>
          </Table.Cell>
        </Table.Row>
      ))}
    </>
  );
}

function Browser({ regionCode, onChanged }: { regionCode: string; onChanged: () => void }) {
  const [prefix, setPrefix] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const picker = useFilePicker((files) => upload(files));
  const { listing, error, loadingMore, reload, more } = useFolderListing(regionCode, prefix);
  const refresh = useCallback(() => {
    setSelected(new Set());
    void reload();
    onChanged();
  }, [reload, onChanged]);
  useEffect(() => bus.on('upload:done', refresh), [refresh]);
  useEffect(() => setSelected(new Set()), [prefix]);

  const open = (next: string) => setPrefix(next);
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const upload = (files: Iterable<File>) => {
    for (const file of files) uploads.add(file, { uploadType: 'gpu', uploadParams: { regionCode, prefix } });
  };
  const download = async (key: string) => {
    const answer = await downloadUrl(regionCode, key);
    if (answer.code === 200) saveFrom(answer.data.url);
  };
  const preview = (file: { key: string; name: string; size: number }) =>
    openFilePreview({
      name: file.name,
      size: file.size,
      readText: () => readObjectText(regionCode, file.key),
      readBytes: () => readObjectBytes(regionCode, file.key),
      saveText: async (text) => {
        const saved = await saveObjectText(regionCode, file.key, text);
        if (saved.code === 200) refresh();
        return saved;
      },
      download: () => void download(file.key),
    });
  const remove = async (keys: string[]) => {
    const folders = keys.filter((key) => key.endsWith('/')).length;
    const what = `${keys.length} 项${folders > 0 ? `（含 ${folders} 个文件夹及其中的全部文件）` : ''}`;
    if (!(await dialogs.confirm({ title: '删除', content: `确定删除所选的${what}？删除后不可恢复。`, confirmText: '删除', danger: true })))
      return;
    await runAction(() => deleteCloudKeys(regionCode, keys), { then: refresh });
  };
  const newFolder = () =>
    dialogs.open({
      title: '新建文件夹',
      width: 420,
      content: (close) => <CloudFolderForm regionCode={regionCode} prefix={prefix} close={close} onCreated={refresh} />,
    });

  const entries = listing
    ? [...listing.folders.map((f) => ({ ...f, folder: true as const })), ...listing.files.map((f) => ({ ...f, folder: false as const }))]
    : [];
  return (
    <>
      <div className="rc-folder-bar">
        <FolderBreadcrumb path={prefix.replace(/\/$/, '')} onOpen={(path) => open(path ? `${path}/` : '')} />
        <div className="rc-folder-actions">
          <Button primary size="small" icon="upload" content="上传文件" className="rc-cloud-upload" onClick={() => picker.open()} />
          <Button basic size="small" icon="folder" content="新建文件夹" className="rc-cloud-new-folder" onClick={newFolder} />
          <Button
            basic
            color="red"
            size="small"
            icon="trash"
            content={`删除所选${selected.size > 0 ? `（${selected.size}）` : ''}`}
            disabled={selected.size === 0}
            className="rc-cloud-delete-selected"
            onClick={() => void remove([...selected])}
          />
          <Button basic size="small" icon="tasks" content="传输列表" onClick={() => $uploadListShow.set(true)} />
        </div>
        {picker.input}
      </div>

      {error !== null ? (
        <ErrorState message={error} onRetry={() => void reload()} />
      ) : !listing ? (
        <LoadingState />
      ) : (
        <>
          <Table basic="very" className="rc-file-table rc-cloud-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell width={1} />
                <Table.HeaderCell>名称</Table.HeaderCell>
                <Table.HeaderCell width={2}>大小</Table.HeaderCell>
                <Table.HeaderCell width={3}>修改时间</Table.HeaderCell>
                <Table.HeaderCell width={2}>操作</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              <UploadsIntoPrefix regionCode={regionCode} prefix={prefix} />
              {entries.map((entry) => (
                <Table.Row key={entry.key} className={entry.folder ? 'rc-folder-row' : 'rc-file-row'} data-key={entry.key}>
                  <Table.Cell>
                    <Checkbox checked={selected.has(entry.key)} onChange={() => toggle(entry.key)} aria-label={`选择${entry.name}`} />
                  </Table.Cell>
                  <Table.Cell>
                    <EntryName
                      name={entry.name}
                      isDir={entry.folder}
                      onOpen={() => open(entry.key)}
                      onPreview={entry.folder ? undefined : () => preview(entry)}
                    />
                  </Table.Cell>
                  <Table.Cell>{entry.folder ? '—' : formatSize(entry.size)}</Table.Cell>
                  <Table.Cell>{entry.folder ? '—' : formatDateTime(entry.lastModified)}</Table.Cell>
                  <Table.Cell className="rc-entry-actions">
                    {entry.folder ? null : (
                      <Button basic size="mini" className="rc-cloud-download" onClick={() => void download(entry.key)}>
                        下载
                      </Button>
                    )}
                    <Button
                      basic
                      size="mini"
                      className="rc-share"
                      onClick={() => openShareDialog({ source: `cloud:${regionCode}`, path: entry.key, name: entry.name })}
                    >
                      分享
                    </Button>
                    <Button basic size="mini" color="red" onClick={() => void remove([entry.key])}>
                      删除
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
          {entries.length === 0 ? (
            <EmptyState>{prefix ? '文件夹为空，上传的文件会保存在这里。' : '云盘里还没有文件，点击「上传文件」开始上传。'}</EmptyState>
          ) : null}
          {listing.next ? (
            <div className="rc-cloud-more">
              <Button basic loading={loadingMore} disabled={loadingMore} onClick={() => void more()}>
                加载更多
              </Button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}

/** `/account/fileDisk`: the cloud disk of one region — activate it, see the usage, browse by prefix, upload and download straight to the object store. */
export function CloudDiskPage() {
  const regions = useLoaded(listRegions);
  const [regionCode, setRegionCode] = useState<string | undefined>();
  const region = regionCode ?? regions.data?.[0]?.regionCode;
  const info = useLoaded(useCallback(() => cloudDiskInfo(region ?? ''), [region]));
  const { reload: reloadInfo } = info;
  const refreshInfo = useCallback(() => void reloadInfo(), [reloadInfo]);

  const picker = (
    <Dropdown
      selection
      compact
      className="rc-cloud-region"
      aria-label="地区"
      placeholder="选择地区"
      options={(regions.data ?? []).map((r) => ({ key: r.regionCode, value: r.regionCode, text: r.regionName }))}
      value={region}
      onChange={(_, data) => setRegionCode(String(data.value))}
    />
  );

  let body;
  if (regions.error !== null) body = <ErrorState message={regions.error} onRetry={() => void regions.reload()} />;
  else if (!regions.data) body = <LoadingState />;
  else if (!region) body = <EmptyState>暂无可用地区</EmptyState>;
  else if (info.error !== null) body = <ErrorState message={info.error} onRetry={refreshInfo} />;
  else if (!info.data) body = <LoadingState />;
  else if (!info.data.activated) body = <Activation info={info.data} onActivated={refreshInfo} />;
  else body = <Browser key={region} regionCode={region} onChanged={refreshInfo} />;

  return (
    <PageSection className="rc-cloud-disk-page">
      <PageHeader>
        <div className="rc-cloud-header">
          {picker}
          {info.data?.activated ? <UsageBar info={info.data} /> : null}
        </div>
      </PageHeader>
      {body}
    </PageSection>
  );
}
