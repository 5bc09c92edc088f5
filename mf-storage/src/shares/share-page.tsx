import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Icon, Input, Message, Segment, Table } from 'semantic-ui-react';
import { formatDateTime, formatSize, LoadingState, routeParam, useLoaded } from '@rc/shared-utility';
import { EntryName } from '../entry-name';
import { FolderBreadcrumb } from '../folder-breadcrumb';
import { downloadShared, listShared, openShare, rentWithDatasetUrl, type ShareOpened, type SharedEntry } from './shares-api';
import './shares.css';

const expiryText = (expiresAt: string | null) => (expiresAt ? `有效期至 ${formatDateTime(expiresAt)}` : '永久有效');

/** The files of an open shared folder, one folder at a time, each downloadable (a folder as a zip). */
function SharedFolderView({ pass, rootName }: { pass: string; rootName: string }) {
  const [folder, setFolder] = useState('');
  const folderList = useLoaded(useCallback(() => listShared(pass, folder), [pass, folder]));
  if (folderList.error) return <Message negative content={folderList.error} className="rc-share-refusal" />;
  return (
    <div className="rc-shared-folder">
      <FolderBreadcrumb path={folder} onOpen={setFolder} rootLabel={rootName} size="small" />
      {folderList.data === undefined ? (
        <LoadingState />
      ) : (
        <Table compact unstackable className="rc-shared-table">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>名称</Table.HeaderCell>
              <Table.HeaderCell>大小</Table.HeaderCell>
              <Table.HeaderCell>修改时间</Table.HeaderCell>
              <Table.HeaderCell>操作</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {folderList.data.entries.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={4} className="rc-muted">
                  文件夹为空
                </Table.Cell>
              </Table.Row>
            ) : null}
            {folderList.data.entries.map((entry: SharedEntry) => (
              <Table.Row key={entry.path} data-name={entry.name}>
                <Table.Cell>
                  <EntryName name={entry.name} isDir={entry.isDir} onOpen={() => setFolder(entry.path)} />
                </Table.Cell>
                <Table.Cell>{entry.isDir ? '—' : formatSize(entry.size)}</Table.Cell>
                <Table.Cell>{formatDateTime(entry.modifiedAt)}</Table.Cell>
                <Table.Cell collapsing>
                  <Button basic size="mini" className="rc-shared-download" onClick={() => downloadShared(pass, entry.path)}>
                    {entry.isDir ? '下载（zip）' : '下载'}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </div>
  );
}

/** The shared item once open: name, size, expiry, downloads left, download, and for a dataset the rent button. */
function SharedItemView({ opened }: { opened: ShareOpened & { pass: string; item: NonNullable<ShareOpened['item']> } }) {
  const { item, pass } = opened;
  return (
    <>
      <div className="rc-shared-item">
        <Icon name={item.datasetId ? 'database' : item.isDir ? 'folder' : 'file outline'} size="big" />
        <div>
          <h2 className="rc-shared-name">{item.name}</h2>
          <div className="rc-muted rc-shared-facts">
            {formatSize(item.size)} · {expiryText(opened.expiresAt)}
            {item.downloadsLeft === null ? '' : ` · 还可下载 ${item.downloadsLeft} 次`}
          </div>
        </div>
        <div className="rc-shared-actions">
          {item.datasetId ? (
            <Button as="a" href={rentWithDatasetUrl(pass)} color="green" className="rc-rent-with-dataset">
              用此数据集租用实例
            </Button>
          ) : null}
          <Button primary className="rc-shared-download-all" onClick={() => downloadShared(pass, '')}>
            {item.isDir ? '下载全部（zip）' : '下载'}
          </Button>
        </div>
      </div>
      {item.isDir ? <SharedFolderView pass={pass} rootName={item.name} /> : null}
    </>
  );
}

/** Asks for the 提取码; a wrong one is answered in place, as is the rate limit. */
function CodeForm({ opened, onOpen }: { opened: ShareOpened; onOpen: (code: string) => Promise<string | null> }) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Form
      className="rc-share-code-form"
      onSubmit={async () => {
        if (!code.trim()) return setProblem('请输入提取码');
        setBusy(true);
        setProblem(await onOpen(code.trim()));
        setBusy(false);
      }}
    >
      <p>
        {opened.sharer ? `「${opened.sharer}」` : ''}给你加密分享了文件 · {expiryText(opened.expiresAt)}
      </p>
      <Form.Field error={Boolean(problem)}>
        <label htmlFor="rc-share-code">请输入提取码</label>
        <Input
          id="rc-share-code"
          className="rc-share-code-input"
          autoFocus
          maxLength={4}
          value={code}
          onChange={(_, data) => setCode(data.value)}
        />
      </Form.Field>
      {problem ? <Message negative size="small" content={problem} className="rc-share-code-problem" /> : null}
      <Button primary type="submit" loading={busy} disabled={busy} className="rc-share-code-submit">
        提取文件
      </Button>
    </Form>
  );
}

/** `/s/:token` (分享): a share link's page, without an account. */
export function SharePage() {
  const token = routeParam();
  const [opened, setOpened] = useState<ShareOpened | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    void openShare(token).then((result) => {
      if (result.code === 200 && result.data) setOpened(result.data);
      else setRefusal(result.msg);
    });
  }, [token]);

  const openWithCode = async (code: string) => {
    const result = await openShare(token, code);
    if (result.code === 200 && result.data) {
      setOpened(result.data);
      return null;
    }
    // A link revoked or expired meanwhile is refused for good; a wrong code or the rate limit asks again.
    if (result.code === 410 || result.code === 404) setRefusal(result.msg);
    return result.msg;
  };

  return (
    <Segment className="rc-page rc-share-page">
      <h1 className="rc-page-title">
        <Icon name="share alternate" /> 文件分享
      </h1>
      {refusal ? (
        <Message negative icon className="rc-share-refusal">
          <Icon name="ban" />
          <Message.Content>
            <Message.Header>{refusal}</Message.Header>
            链接无法使用，请联系分享者重新分享。
          </Message.Content>
        </Message>
      ) : opened === null ? (
        <LoadingState />
      ) : opened.item && opened.pass ? (
        <SharedItemView opened={{ ...opened, item: opened.item, pass: opened.pass }} />
      ) : (
        <CodeForm opened={opened} onOpen={openWithCode} />
      )}
    </Segment>
  );
}
