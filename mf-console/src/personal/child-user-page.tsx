import { useState } from 'react';
import { Button, Form, Icon, Input, Label, Table } from 'semantic-ui-react';
import { api, bus, dialogs, formatMoney, formatDateTime, type ScreenProps, DialogFormActions } from '@rc/shared-utility';
import { PageSwitcher, usePagedList } from '../paging/use-paged-list';
import { listSubUsers, type SubUser } from './child-user-api';
import { SmsCodeButton } from './sms-code-button';

function AddSubUserForm({ close, onDone }: { close: () => void; onDone: () => void }) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [nickname, setNickname] = useState('');
  const [password, setPassword] = useState('');
  return (
    <Form
      onSubmit={async () => {
        const result = await api.post('/user/auth/user/ext/add/sub/user', { mobile: mobile.trim(), code: code.trim(), password, ...(nickname.trim() ? { nickname: nickname.trim() } : {}) });
        if (result.code !== 200) return;
        bus.emit('toast', { type: 'success', message: result.msg });
        close();
        onDone();
      }}
    >
      <Form.Field required>
        <label>手机号</label>
        <Input value={mobile} maxLength={11} onChange={(_, data) => setMobile(data.value)} />
      </Form.Field>
      <Form.Field required>
        <label>验证码（发送至该手机号）</label>
        <Input value={code} maxLength={6} onChange={(_, data) => setCode(data.value)} action={<SmsCodeButton mobile={mobile.trim()} type="bind" />} />
      </Form.Field>
      <Form.Field>
        <label>昵称</label>
        <Input value={nickname} maxLength={40} onChange={(_, data) => setNickname(data.value)} />
      </Form.Field>
      <Form.Field required>
        <label>登录密码</label>
        <Input type="password" value={password} maxLength={20} placeholder="8-20位，同时包含字母和数字" onChange={(_, data) => setPassword(data.value)} />
      </Form.Field>
      <DialogFormActions close={close} submitText="添加" />
    </Form>
  );
}

/** `/account/childUser`: the main account's sub-accounts and what can be done to each. */
export function ChildUserPage({ navigate }: ScreenProps) {
  const paged = usePagedList(listSubUsers);
  const { page, load } = paged;
  const go = (path: string, sub: SubUser) => navigate(`/account/childUser/${path}?id=${sub.id}`);
  return (
    <section className="rc-page">
      <div className="rc-page-header">
        <div>
          <h1 className="rc-page-title">子账号管理</h1>
          <p className="rc-page-purpose">创建子账号，设置是否共享主账号余额，管理其手机号与密码。</p>
        </div>
        <Button primary onClick={() => dialogs.open({ title: '添加子账号', width: 440, content: (close) => <AddSubUserForm close={close} onDone={() => void load()} /> })}>
          <Icon name="plus" />
          添加子账号
        </Button>
      </div>
      <Table compact>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>昵称</Table.HeaderCell>
            <Table.HeaderCell>手机号</Table.HeaderCell>
            <Table.HeaderCell>余额</Table.HeaderCell>
            <Table.HeaderCell>共享主账号余额</Table.HeaderCell>
            <Table.HeaderCell>创建时间</Table.HeaderCell>
            <Table.HeaderCell>操作</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {page.list.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={6} className="rc-muted">
                还没有子账号。
              </Table.Cell>
            </Table.Row>
          ) : null}
          {page.list.map((sub) => (
            <Table.Row key={sub.id}>
              <Table.Cell>{sub.nickname}</Table.Cell>
              <Table.Cell>{sub.mobile}</Table.Cell>
              <Table.Cell>¥{formatMoney(sub.balance)}</Table.Cell>
              <Table.Cell>
                <Label size="small" color={sub.shareBalance ? 'green' : 'grey'}>
                  {sub.shareBalance ? '已共享' : '未共享'}
                </Label>
              </Table.Cell>
              <Table.Cell>{formatDateTime(sub.gmtCreate)}</Table.Cell>
              <Table.Cell>
                <Button size="mini" basic onClick={() => go('balance', sub)}>
                  余额设置
                </Button>
                <Button size="mini" basic onClick={() => go('edit/edit', sub)}>
                  编辑
                </Button>
                <Button size="mini" basic onClick={() => go('bindMobile', sub)}>
                  换绑手机
                </Button>
                <Button size="mini" basic onClick={() => go('reset/reset', sub)}>
                  重置密码
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      <PageSwitcher {...paged} />
    </section>
  );
}
