import { useState } from 'react';
import { Button, Form, Icon, Input, Table, TextArea } from 'semantic-ui-react';
import { dialogs, formatDateTime, runAction, useLoaded, useSubmit, DialogFormActions, FieldError, ListState } from '@rc/shared-utility';
import { addSshKey, deleteSshKey, listSshKeys, type SshKeyView } from './ssh-key-api';

function AddSshKeyForm({ close, onDone }: { close: () => void; onDone: () => void }) {
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const { busy, errors, submit } = useSubmit<'name' | 'publicKey'>();
  const nameFromComment = (text: string) => text.trim().split(/\s+/)[2]?.slice(0, 40) ?? '';
  return (
    <Form
      onSubmit={() =>
        void submit({
          check: () => ({
            publicKey: publicKey.trim() ? undefined : '请粘贴公钥',
            name: name.trim() ? undefined : '请填写名称',
          }),
          call: () => addSshKey({ name: name.trim(), publicKey: publicKey.trim() }),
          then: () => {
            close();
            onDone();
          },
        })
      }
    >
      <Form.Field required>
        <label>公钥</label>
        <TextArea
          rows={5}
          value={publicKey}
          placeholder="ssh-ed25519 AAAA… you@laptop（~/.ssh/id_ed25519.pub 的内容）"
          style={{ fontFamily: 'monospace' }}
          onChange={(_, data) => {
            const text = String(data.value ?? '');
            setPublicKey(text);
            if (!name) setName(nameFromComment(text));
          }}
        />
        <FieldError message={errors.publicKey} />
      </Form.Field>
      <Form.Field required>
        <label>名称</label>
        <Input value={name} maxLength={40} placeholder="例如：办公室电脑" onChange={(_, data) => setName(data.value)} />
        <FieldError message={errors.name} />
      </Form.Field>
      <p className="rc-muted">
        还没有密钥？在自己的电脑上执行 <code>ssh-keygen -t ed25519</code>，然后粘贴 <code>~/.ssh/id_ed25519.pub</code>{' '}
        的内容。只粘贴公钥，私钥不要交给任何人。
      </p>
      <DialogFormActions close={close} busy={busy} submitText="添加" />
    </Form>
  );
}

/** 「我的公钥」 on /account/ssh: the saved keys with fingerprints and last use, added from a paste and deleted after a confirm. */
export function SshKeysSection() {
  const keys = useLoaded(listSshKeys);
  const reload = () => void keys.reload();
  const add = () => dialogs.open({ title: '添加公钥', width: 560, content: (close) => <AddSshKeyForm close={close} onDone={reload} /> });
  const remove = async (key: SshKeyView) => {
    const confirmed = await dialogs.confirm({
      title: '删除公钥',
      content: `确定删除公钥「${key.name}」？删除后，这把密钥不能再登录你的实例。`,
      danger: true,
      confirmText: '删除',
    });
    if (confirmed) await runAction(() => deleteSshKey(key.id), { then: reload });
  };
  const full = keys.data ? keys.data.list.length >= keys.data.max : false;
  return (
    <div className="rc-ssh-keys">
      <div className="rc-page-header">
        <h2 className="rc-section-title">我的公钥</h2>
        <Button primary size="small" disabled={full} onClick={add}>
          <Icon name="plus" />
          添加公钥
        </Button>
      </div>
      <p className="rc-muted">
        保存的公钥可免密登录你的所有实例：<code>ssh -p &lt;端口&gt; root.&lt;实例ID&gt;@&lt;主机&gt;</code>（每个实例的指令见下方）。
      </p>
      <ListState source={keys} isEmpty={(data) => data.list.length === 0} empty="还没有公钥，添加后即可用密钥登录实例。">
        {(data) => (
          <Table compact>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>名称</Table.HeaderCell>
                <Table.HeaderCell>指纹</Table.HeaderCell>
                <Table.HeaderCell>添加时间</Table.HeaderCell>
                <Table.HeaderCell>最近使用</Table.HeaderCell>
                <Table.HeaderCell>操作</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.list.map((key) => (
                <Table.Row key={key.id} data-ssh-key-id={key.id}>
                  <Table.Cell>{key.name}</Table.Cell>
                  <Table.Cell>
                    <code title={key.type}>{key.fingerprint}</code>
                  </Table.Cell>
                  <Table.Cell>{formatDateTime(key.createdAt)}</Table.Cell>
                  <Table.Cell>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : '从未使用'}</Table.Cell>
                  <Table.Cell collapsing>
                    <Button size="mini" basic color="red" onClick={() => void remove(key)}>
                      删除
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
