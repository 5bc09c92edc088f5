import { useCallback, useState } from 'react';
import { Button, Dropdown, Form, Icon, Input, Label, Segment, Table } from 'semantic-ui-react';
import { bus, copyText, formatDateTime, ListState, runAction, useLoaded, useSubmit, type ScreenProps } from '@rc/shared-utility';
import {
  openInstancePage,
  pageInstance,
  webPortCalls,
  type CreatedPageShare,
  type InstanceWebPort,
  type PageInstance,
} from './instance-page-api';
import { InstanceSubPage } from './instance-sub-page';

/** How many ports the owner may add (the server holds the same limit). */
const maxAdded = 5;
const sourceNames: Record<InstanceWebPort['source'], string> = { jupyter: '系统', app: '应用模板', custom: '自定义服务' };
const shareChoices = [
  { key: 1, value: 1, text: '1 小时' },
  { key: 24, value: 24, text: '1 天' },
  { key: 168, value: 168, text: '7 天' },
];

async function copy(text: string) {
  if (await copyText(text)) bus.emit('toast', { type: 'success', message: '链接已复制' });
}

/** Name and port of a service the owner runs in the instance (AutoDL's 自定义服务). */
function AddPortForm({ instanceId, onAdded }: { instanceId: number; onAdded: () => void }) {
  const [name, setName] = useState('');
  const [port, setPort] = useState('');
  const { busy, errors, submit } = useSubmit<'name' | 'port'>();
  return (
    <Form
      className="rc-add-web-port"
      onSubmit={() =>
        void submit({
          check: () => ({
            name: name.trim() ? undefined : '请填写服务名称',
            port: /^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535 ? undefined : '请填写 1–65535 之间的端口',
          }),
          call: () => webPortCalls.add(instanceId, name.trim(), Number(port)),
          success: '已添加',
          then: () => {
            setName('');
            setPort('');
            onAdded();
          },
        })
      }
    >
      <Form.Group inline>
        <Form.Field error={Boolean(errors.name)}>
          <Input placeholder="服务名称，如 TensorBoard" maxLength={20} value={name} onChange={(_, data) => setName(String(data.value))} />
        </Form.Field>
        <Form.Field error={Boolean(errors.port)}>
          <Input
            placeholder="端口"
            inputMode="numeric"
            maxLength={5}
            className="rc-add-web-port-number"
            value={port}
            onChange={(_, data) => setPort(String(data.value).replace(/\D/g, ''))}
          />
        </Form.Field>
        <Button type="submit" primary loading={busy} disabled={busy}>
          添加
        </Button>
        <span className="rc-muted">{errors.name ?? errors.port ?? '服务需监听 0.0.0.0 上的该端口；22 为 SSH 端口，不能添加。'}</span>
      </Form.Group>
    </Form>
  );
}

/** Makes a share link of one port with the chosen lifetime and shows it, once, with its copy button. */
function ShareForm({ instanceId, port, onShared }: { instanceId: number; port: number; onShared: () => void }) {
  const [hours, setHours] = useState(24);
  const [created, setCreated] = useState<CreatedPageShare | null>(null);
  const { busy, submit } = useSubmit();
  if (created)
    return (
      <div className="rc-share-created">
        <Input readOnly fluid value={created.url} className="rc-share-url" />
        <Button size="mini" basic className="rc-copy-share" onClick={() => void copy(created.url)}>
          <Icon name="copy outline" />
          复制链接
        </Button>
        <small className="rc-muted">
          有效期至 {formatDateTime(created.expiresAt)}；任何人持有该链接即可访问，无需登录。链接只显示这一次。
        </small>
      </div>
    );
  return (
    <div className="rc-share-form">
      <Dropdown selection compact options={shareChoices} value={hours} onChange={(_, data) => setHours(Number(data.value))} />
      <Button
        size="mini"
        primary
        loading={busy}
        className="rc-create-share"
        onClick={() =>
          void submit({
            call: () => webPortCalls.share(instanceId, port, hours),
            success: '分享链接已生成',
            then: (share) => {
              setCreated(share);
              onShared();
            },
          })
        }
      >
        生成分享链接
      </Button>
    </div>
  );
}

function WebPortRows({ instance, ports, onChanged }: { instance: PageInstance; ports: InstanceWebPort[]; onChanged: () => void }) {
  const [sharing, setSharing] = useState<number | null>(null);
  const openable = instance.jupyterPort !== null;
  return (
    <Table compact className="rc-web-ports">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>服务</Table.HeaderCell>
          <Table.HeaderCell>端口</Table.HeaderCell>
          <Table.HeaderCell>来源</Table.HeaderCell>
          <Table.HeaderCell>操作</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {ports.map((entry) => (
          <Table.Row key={entry.port} data-port={entry.port} className="rc-web-port">
            <Table.Cell>{entry.name}</Table.Cell>
            <Table.Cell>{entry.port}</Table.Cell>
            <Table.Cell>
              <Label size="mini">{sourceNames[entry.source]}</Label>
            </Table.Cell>
            <Table.Cell>
              <Button
                size="mini"
                basic
                className="rc-open-web-port"
                disabled={!openable}
                title={openable ? `在新标签页打开端口 ${entry.port}` : instance.jupyterReason}
                onClick={() => void openInstancePage(instance.id, entry.port)}
              >
                <Icon name="external" />
                打开
              </Button>
              <Button
                size="mini"
                basic
                className="rc-share-web-port"
                onClick={() => setSharing(sharing === entry.port ? null : entry.port)}
              >
                <Icon name="share alternate" />
                分享
              </Button>
              {entry.source === 'custom' && instance.owned ? (
                <Button
                  size="mini"
                  basic
                  negative
                  className="rc-remove-web-port"
                  onClick={() => void runAction(() => webPortCalls.remove(instance.id, entry.port), { success: '已删除', then: onChanged })}
                >
                  删除
                </Button>
              ) : null}
              {sharing === entry.port ? <ShareForm instanceId={instance.id} port={entry.port} onShared={onChanged} /> : null}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

function WebPorts({ instance }: { instance: PageInstance }) {
  const fetchPorts = useCallback(() => webPortCalls.list(instance.id), [instance.id]);
  const fetchShares = useCallback(() => webPortCalls.shares(instance.id), [instance.id]);
  const ports = useLoaded(fetchPorts);
  const shares = useLoaded(fetchShares);
  const reload = () => {
    void ports.reload();
    void shares.reload();
  };
  const added = ports.data?.filter((entry) => entry.source === 'custom').length ?? 0;
  return (
    <>
      <Segment>
        <h3>网页端口</h3>
        <p className="rc-muted">
          {instance.owned
            ? '打开后在实例的独立域名上访问，只有你本人可以进入；'
            : '这是共享你余额的子账号的实例：你和子账号可以进入，子账号停止共享余额后你和你生成的分享链接都将无法进入；'}
          分享链接让没有账号的人在有效期内访问，可随时撤销。
          {instance.jupyterPort === null ? `（${instance.jupyterReason}）` : ''}
        </p>
        <ListState source={ports} isEmpty={() => false} empty="">
          {(list) => <WebPortRows instance={instance} ports={list} onChanged={reload} />}
        </ListState>
        {instance.owned ? (
          <>
            <h4>
              自定义服务（已添加 {added}/{maxAdded}）
            </h4>
            <AddPortForm instanceId={instance.id} onAdded={reload} />
          </>
        ) : null}
      </Segment>
      <Segment>
        <h3>分享链接</h3>
        <ListState source={shares} isEmpty={(list) => list.length === 0} empty="没有有效的分享链接。">
          {(list) => (
            <Table compact className="rc-page-shares">
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>服务</Table.HeaderCell>
                  <Table.HeaderCell>端口</Table.HeaderCell>
                  <Table.HeaderCell>创建时间</Table.HeaderCell>
                  <Table.HeaderCell>到期时间</Table.HeaderCell>
                  <Table.HeaderCell />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((share) => (
                  <Table.Row key={share.id} className="rc-page-share" data-share-id={share.id}>
                    <Table.Cell>{share.name}</Table.Cell>
                    <Table.Cell>{share.port}</Table.Cell>
                    <Table.Cell>{formatDateTime(share.gmtCreate)}</Table.Cell>
                    <Table.Cell>{formatDateTime(share.expiresAt)}</Table.Cell>
                    <Table.Cell>
                      <Button
                        size="mini"
                        basic
                        negative
                        className="rc-revoke-share"
                        onClick={() => void runAction(() => webPortCalls.revoke(share.id), { success: '分享链接已撤销', then: reload })}
                      >
                        撤销
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          )}
        </ListState>
      </Segment>
    </>
  );
}

/**
 * `/account/instanceManage/webPorts?id=`: the instance's web ports (自定义服务), each opened or shared, and its share
 * links; for the main account, those of a balance-sharing sub-account's instance too (adding ports stays the owner's).
 */
export function WebPortsPage(props: ScreenProps) {
  return (
    <InstanceSubPage {...props} load={pageInstance}>
      {(instance) => <WebPorts instance={instance} />}
    </InstanceSubPage>
  );
}
