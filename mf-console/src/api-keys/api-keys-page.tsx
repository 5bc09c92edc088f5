import { Button, Icon, Label, Table } from 'semantic-ui-react';
import { dialogs, formatDateTime, runAction, useLoaded, ListState, PageHeader, PageSection } from '@rc/shared-utility';
import { listApiKeys, revokeApiKey, type ApiKeyView } from './api-keys-api';
import { scopeNames, stateNames } from './api-key-names';
import { CreateKeyForm } from './create-key-form';
import './api-keys.css';

const stateColors = { active: 'green', expired: 'grey', revoked: 'red' } as const;

function KeyRow({ apiKey, revoke }: { apiKey: ApiKeyView; revoke: (key: ApiKeyView) => void }) {
  return (
    <Table.Row data-api-key-id={apiKey.id} className={`rc-api-key-${apiKey.state}`}>
      <Table.Cell>{apiKey.name}</Table.Cell>
      <Table.Cell>
        <code className="rc-api-key-masked">sl-…{apiKey.lastFour}</code>
      </Table.Cell>
      <Table.Cell>{apiKey.scopes.map((scope) => scopeNames[scope]).join('、')}</Table.Cell>
      <Table.Cell>{formatDateTime(apiKey.createdAt)}</Table.Cell>
      <Table.Cell>{apiKey.expiresAt ? formatDateTime(apiKey.expiresAt) : '永不过期'}</Table.Cell>
      <Table.Cell className="rc-api-key-last-used">
        {apiKey.lastUsedAt ? (
          <>
            {formatDateTime(apiKey.lastUsedAt)}
            <div className="rc-muted">{apiKey.lastUsedIp}</div>
          </>
        ) : (
          '从未使用'
        )}
      </Table.Cell>
      <Table.Cell>
        <Label size="small" color={stateColors[apiKey.state]}>
          {stateNames[apiKey.state]}
        </Label>
      </Table.Cell>
      <Table.Cell collapsing>
        {apiKey.state === 'active' && (
          <Button size="mini" basic color="red" className="rc-revoke-api-key" onClick={() => revoke(apiKey)}>
            吊销
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

/** `/account/apiKey`: keys for scripts and the suanli command, created with scopes and an expiry, shown once, revoked after a confirm. */
export function ApiKeysPage() {
  const keys = useLoaded(listApiKeys);
  const reload = () => void keys.reload();
  const create = () =>
    dialogs.open({ title: '创建 API 密钥', width: 600, content: (close) => <CreateKeyForm close={close} onCreated={reload} /> });
  const revoke = async (key: ApiKeyView) => {
    const confirmed = await dialogs.confirm({
      title: '吊销密钥',
      content: `确定吊销密钥「${key.name}」（sl-…${key.lastFour}）？吊销后，使用它的脚本和命令行会立即无法调用，且不能恢复。`,
      danger: true,
      confirmText: '吊销',
    });
    if (confirmed) await runAction(() => revokeApiKey(key.id), { then: reload });
  };
  const live = keys.data?.list.filter((key) => key.state === 'active').length ?? 0;
  const full = keys.data ? live >= keys.data.max : false;
  return (
    <PageSection className="rc-api-keys">
      <PageHeader>
        <Button primary size="small" disabled={full} className="rc-create-api-key" onClick={create}>
          <Icon name="plus" />
          创建密钥
        </Button>
      </PageHeader>
      <p className="rc-muted">
        脚本或 <code>suanli</code> 命令行在请求头中带上 <code>Authorization: Bearer &lt;密钥&gt;</code>
        即可按密钥的权限调用接口（接口说明见 <a href="/apis/openapi.json">OpenAPI 文档</a>）。每个账号最多同时有 {keys.data?.max ?? 20}{' '}
        个有效密钥；子账号的密钥以子账号身份操作。
      </p>
      <ListState source={keys} isEmpty={(data) => data.list.length === 0} empty="还没有 API 密钥，创建后即可在脚本和命令行中使用。">
        {(data) => (
          <Table compact>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>名称</Table.HeaderCell>
                <Table.HeaderCell>密钥</Table.HeaderCell>
                <Table.HeaderCell>权限</Table.HeaderCell>
                <Table.HeaderCell>创建时间</Table.HeaderCell>
                <Table.HeaderCell>有效期至</Table.HeaderCell>
                <Table.HeaderCell>最近使用</Table.HeaderCell>
                <Table.HeaderCell>状态</Table.HeaderCell>
                <Table.HeaderCell>操作</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.list.map((key) => (
                <KeyRow key={key.id} apiKey={key} revoke={(chosen) => void revoke(chosen)} />
              ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
    </PageSection>
  );
}
