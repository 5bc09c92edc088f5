import { useState } from 'react';
import { Button, Form, Icon, Input, Label, Table } from 'semantic-ui-react';
import {
  dialogs,
  formatDateTime,
  formatYuan,
  DialogFormActions,
  PageHeader,
  PageSection,
  PagedTable,
  usePagedList,
  useSubmit,
  type ScreenProps,
} from '@rc/shared-utility';
import { BoundMobileFields } from './bound-mobile-fields';
import { addSubUser, listSubUsers, type SubUser } from './personal-api';
import { SubAccountInstances } from './sub-account-instances';

function AddSubUserForm({ close, onDone }: { close: () => void; onDone: () => void }) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [nickname, setNickname] = useState('');
  const [password, setPassword] = useState('');
  const { busy, submit } = useSubmit();
  return (
    <Form
      onSubmit={() =>
        void submit({
          call: () =>
            addSubUser({ mobile: mobile.trim(), code: code.trim(), password, ...(nickname.trim() ? { nickname: nickname.trim() } : {}) }),
          then: () => {
            close();
            onDone();
          },
        })
      }
    >
      <BoundMobileFields codeTarget="该手机号" label="手机号" mobile={mobile} code={code} setMobile={setMobile} setCode={setCode} />
      <Form.Field>
        <label>昵称</label>
        <Input value={nickname} maxLength={40} onChange={(_, data) => setNickname(data.value)} />
      </Form.Field>
      <Form.Field required>
        <label>登录密码</label>
        <Input
          type="password"
          value={password}
          maxLength={20}
          placeholder="8-20位，同时包含字母和数字"
          onChange={(_, data) => setPassword(data.value)}
        />
      </Form.Field>
      <DialogFormActions close={close} busy={busy} submitText="添加" />
    </Form>
  );
}

/** `/account/childUser`: the main account's sub-accounts and what can be done to each (实例: open a sharing one's instance pages). */
export function ChildUserPage({ navigate }: ScreenProps) {
  const paged = usePagedList(listSubUsers);
  const go = (path: string, sub: SubUser) => navigate(`/account/childUser/${path}?id=${sub.id}`);
  return (
    <PageSection>
      <PageHeader>
        <Button
          primary
          onClick={() =>
            dialogs.open({
              title: '添加子账号',
              width: 440,
              content: (close) => <AddSubUserForm close={close} onDone={() => void paged.reload()} />,
            })
          }
        >
          <Icon name="plus" />
          添加子账号
        </Button>
      </PageHeader>
      <PagedTable
        list={paged}
        columns={['昵称', '手机号', '余额', '共享主账号余额', '创建时间', '操作']}
        empty="还没有子账号。"
        row={(sub) => (
          <Table.Row key={sub.id} data-sub-id={sub.id}>
            <Table.Cell>{sub.nickname}</Table.Cell>
            <Table.Cell>{sub.mobile}</Table.Cell>
            <Table.Cell>{formatYuan(sub.balance)}</Table.Cell>
            <Table.Cell>
              <Label size="small" color={sub.shareBalance ? 'green' : 'grey'}>
                {sub.shareBalance ? '已共享' : '未共享'}
              </Label>
            </Table.Cell>
            <Table.Cell>{formatDateTime(sub.gmtCreate)}</Table.Cell>
            <Table.Cell collapsing>
              <Button
                size="mini"
                basic
                className="rc-sub-instances-button"
                onClick={() =>
                  dialogs.open({
                    title: `子账号的实例：${sub.nickname}`,
                    width: 900,
                    content: (close) => (
                      <SubAccountInstances
                        sub={sub}
                        go={(url) => {
                          close();
                          navigate(url);
                        }}
                      />
                    ),
                  })
                }
              >
                实例
              </Button>
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
        )}
      />
    </PageSection>
  );
}
