import { useCallback } from 'react';
import { Button, Label, Table } from 'semantic-ui-react';
import {
  copyText,
  dialogs,
  formatDateTime,
  formatSize,
  PageHeader,
  PageSection,
  PagedTable,
  runAction,
  usePagedList,
  type Paging,
} from '@rc/shared-utility';
import { listShareAccesses, listShares, revokeShare, shareText, type ShareAccessView, type ShareView } from './shares-api';
import './shares.css';

const stateColors: Record<string, 'green' | 'grey' | 'orange'> = { active: 'green', revoked: 'grey', expired: 'grey', 'used-up': 'orange' };

/** One link's access log: when, from which address, what was downloaded. */
function AccessLog({ share }: { share: ShareView }) {
  const accesses = usePagedList(useCallback((paging: Paging) => listShareAccesses(share.id, paging), [share.id]));
  return (
    <PagedTable
      list={accesses}
      className="rc-share-access-table"
      columns={['时间', '地址', '操作', '内容']}
      empty="还没有人打开这个链接。"
      row={(access: ShareAccessView) => (
        <Table.Row key={access.id} data-action={access.action}>
          <Table.Cell>{formatDateTime(access.gmtCreate)}</Table.Cell>
          <Table.Cell>{access.ip}</Table.Cell>
          <Table.Cell>{access.actionName}</Table.Cell>
          <Table.Cell>{access.action === 'download' ? `${access.path}（${formatSize(access.bytes)}）` : '—'}</Table.Cell>
        </Table.Row>
      )}
    />
  );
}

/** 我的分享: every link I made, with copy, its access log and revoke. */
export function MySharesPage() {
  const shares = usePagedList(listShares);
  const revoke = async (share: ShareView) => {
    const confirmed = await dialogs.confirm({
      title: '取消分享',
      content: `确定取消「${share.name}」的分享？链接会立即失效，已打开的分享页也不能再下载。`,
      confirmText: '取消分享',
      cancelText: '保留',
    });
    if (confirmed) await runAction(() => revokeShare(share.id), { then: shares.reload });
  };
  const showLog = (share: ShareView) =>
    dialogs.open({ title: `「${share.name}」的访问记录`, width: 720, content: () => <AccessLog share={share} /> });

  const row = (share: ShareView) => (
    <Table.Row key={share.id} data-share-id={share.id} data-state={share.state}>
      <Table.Cell>
        <div className="rc-share-name">{share.name}</div>
        <small className="rc-muted">
          {share.sourceLabel}
          {share.path ? ` · ${share.path}` : ''} · 创建于 {formatDateTime(share.gmtCreate)}
        </small>
      </Table.Cell>
      <Table.Cell className="rc-share-code-cell">{share.code ?? '无'}</Table.Cell>
      <Table.Cell>{share.expiresAt ? formatDateTime(share.expiresAt) : '永久有效'}</Table.Cell>
      <Table.Cell>{share.maxDownloads === null ? `${share.downloads} 次` : `${share.downloads} / ${share.maxDownloads} 次`}</Table.Cell>
      <Table.Cell>
        <Label size="mini" color={stateColors[share.state]} className="rc-share-state">
          {share.stateName}
        </Label>
      </Table.Cell>
      <Table.Cell collapsing>
        <Button
          basic
          size="mini"
          className="rc-copy-share"
          disabled={share.state !== 'active'}
          onClick={() => void copyText(shareText(share))}
        >
          复制链接
        </Button>
        <Button basic size="mini" className="rc-share-log" onClick={() => showLog(share)}>
          访问记录
        </Button>
        <Button
          basic
          size="mini"
          color="red"
          className="rc-revoke-share"
          disabled={share.state === 'revoked'}
          onClick={() => void revoke(share)}
        >
          取消分享
        </Button>
      </Table.Cell>
    </Table.Row>
  );

  return (
    <PageSection className="rc-my-shares">
      <PageHeader />
      <PagedTable
        list={shares}
        className="rc-share-table"
        columns={['分享的文件', '提取码', '有效期至', '下载次数', '状态', '操作']}
        empty="还没有分享：在网盘、文件管理、云盘或数据集的列表中点「分享」即可创建链接。"
        row={row}
      />
    </PageSection>
  );
}
