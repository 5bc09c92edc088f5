import { useCallback, useState, type ReactNode } from 'react';
import { Button, Checkbox, Form, Icon, Input, Message, Segment } from 'semantic-ui-react';
import {
  ErrorState,
  MissingState,
  formatYuan,
  LoadingState,
  PageHeader,
  PageSection,
  runAction,
  useLoaded,
  useSubmit,
  type ScreenProps,
} from '@rc/shared-utility';
import { BoundMobileFields } from './bound-mobile-fields';
import { SubAccountMoneyPanel } from './sub-account-money';
import { changeSubUserMobile, listSubUsers, resetSubUserPassword, shareBalance, type SubUser } from './personal-api';

/** A sub-page of `/account/childUser` about the sub-account named by `?id=`. */
function SubUserPage({ navigate, children }: ScreenProps & { children: (sub: SubUser, done: () => void) => ReactNode }) {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  const loaded = useLoaded(useCallback(() => listSubUsers({ pageNum: 1, pageSize: 100 }), []));
  const subUser = loaded.data?.list.find((sub) => sub.id === id);
  return (
    <PageSection>
      <PageHeader subject={subUser ? `子账号「${subUser.nickname}」（${subUser.mobile}）` : undefined}>
        <Button basic onClick={() => navigate('/account/childUser')}>
          <Icon name="arrow left" />
          返回子账号列表
        </Button>
      </PageHeader>
      {loaded.error !== null ? (
        <ErrorState message={loaded.error} onRetry={() => void loaded.reload()} />
      ) : !loaded.data ? (
        <LoadingState />
      ) : subUser ? (
        children(subUser, () => void loaded.reload())
      ) : (
        <MissingState
          kind={id > 0 ? 'not-found' : 'bad-link'}
          message="子账号不存在，请从子账号列表进入。"
          back={{ to: '/account/childUser', label: '返回子账号列表' }}
        />
      )}
    </PageSection>
  );
}

function ShareBalance({ sub, done }: { sub: SubUser; done: () => void }) {
  return (
    <Segment>
      <p>子账号自有余额：{formatYuan(sub.balance)}</p>
      <Checkbox
        toggle
        label="共享主账号余额（开启后子账号可查看并使用主账号余额）"
        checked={sub.shareBalance}
        onChange={(_, data) => void runAction(() => shareBalance(sub.id, Boolean(data.checked)), { then: done })}
      />
    </Segment>
  );
}

/** `/account/childUser/balance?id=`: sharing, and for a sub-account with its own balance, allotting, recalling and a monthly budget. */
export function ChildUserBalancePage(props: ScreenProps) {
  return (
    <SubUserPage {...props}>
      {(sub, done) => (
        <>
          <ShareBalance sub={sub} done={done} />
          <SubAccountMoneyPanel key={`${sub.id}-${sub.shareBalance}`} sub={sub} done={done} />
        </>
      )}
    </SubUserPage>
  );
}

/** `/account/childUser/edit/edit?id=`. */
export function ChildUserEditPage(props: ScreenProps) {
  return (
    <SubUserPage {...props}>
      {(sub, done) => (
        <>
          <Segment>
            <p>昵称：{sub.nickname}（子账号登录后可在「个人信息」中修改）</p>
            <p>手机号：{sub.mobile}</p>
          </Segment>
          <ShareBalance sub={sub} done={done} />
        </>
      )}
    </SubUserPage>
  );
}

function BindMobileForm({ sub, navigate }: { sub: SubUser; navigate: (url: string) => void }) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const { busy, submit } = useSubmit();
  return (
    <Form
      className="rc-narrow-form"
      onSubmit={() =>
        void submit({ call: () => changeSubUserMobile(sub.id, mobile.trim(), code.trim()), then: () => navigate('/account/childUser') })
      }
    >
      <BoundMobileFields codeTarget="新手机号" label="新手机号" mobile={mobile} code={code} setMobile={setMobile} setCode={setCode} />
      <Button primary type="submit" loading={busy} disabled={busy}>
        确认换绑
      </Button>
    </Form>
  );
}

/** `/account/childUser/bindMobile?id=`. */
export function ChildUserBindMobilePage(props: ScreenProps) {
  return <SubUserPage {...props}>{(sub) => <BindMobileForm sub={sub} navigate={props.navigate} />}</SubUserPage>;
}

function ResetForm({ sub, navigate }: { sub: SubUser; navigate: (url: string) => void }) {
  const [password, setPassword] = useState('');
  const { busy, submit } = useSubmit();
  return (
    <Form
      className="rc-narrow-form"
      onSubmit={() => void submit({ call: () => resetSubUserPassword(sub.id, password), then: () => navigate('/account/childUser') })}
    >
      <Form.Field required>
        <label>新密码</label>
        <Input
          type="password"
          value={password}
          maxLength={20}
          placeholder="8-20位，同时包含字母和数字"
          onChange={(_, data) => setPassword(data.value)}
        />
      </Form.Field>
      <Message info content="重置后子账号已登录的设备都将退出。" />
      <Button primary type="submit" loading={busy} disabled={busy}>
        重置密码
      </Button>
    </Form>
  );
}

/** `/account/childUser/reset/reset?id=`. */
export function ChildUserResetPage(props: ScreenProps) {
  return <SubUserPage {...props}>{(sub) => <ResetForm sub={sub} navigate={props.navigate} />}</SubUserPage>;
}
