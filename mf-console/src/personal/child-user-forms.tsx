import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Form, Icon, Input, Message, Segment } from 'semantic-ui-react';
import { api, bus, formatMoney, type ScreenProps } from '@rc/shared-utility';
import { useSubUserFromQuery, type SubUser } from './child-user-api';
import { SmsCodeButton } from './sms-code-button';

function SubUserPage({ title, purpose, navigate, children }: ScreenProps & { title: string; purpose: string; children: (sub: SubUser, done: () => void) => ReactNode }) {
  const { subUser, missing, reload } = useSubUserFromQuery();
  return (
    <section className="rc-page">
      <div className="rc-page-header">
        <div>
          <h1 className="rc-page-title">{title}</h1>
          <p className="rc-page-purpose">{subUser ? `子账号「${subUser.nickname}」（${subUser.mobile}）：${purpose}` : purpose}</p>
        </div>
        <Button basic onClick={() => navigate('/account/childUser')}>
          <Icon name="arrow left" />
          返回子账号列表
        </Button>
      </div>
      {missing ? <Message warning content="子账号不存在，请从子账号列表进入。" /> : null}
      {subUser ? children(subUser, () => void reload()) : null}
    </section>
  );
}

async function save(path: string, body: object, after: () => void) {
  const result = await api.post(path, body);
  if (result.code !== 200) return;
  bus.emit('toast', { type: 'success', message: result.msg });
  after();
}

function ShareBalance({ sub, done }: { sub: SubUser; done: () => void }) {
  return (
    <Segment>
      <p>子账号自有余额：¥{formatMoney(sub.balance)}</p>
      <Checkbox toggle label="共享主账号余额（开启后子账号可查看并使用主账号余额）" checked={sub.shareBalance} onChange={(_, data) => void save('/user/auth/user/ext/update/sub/user/share', { subUserId: sub.id, shareBalance: Boolean(data.checked) }, done)} />
    </Segment>
  );
}

/** `/account/childUser/balance?id=`. */
export function ChildUserBalancePage(props: ScreenProps) {
  return (
    <SubUserPage {...props} title="子账号余额" purpose="设置是否共享主账号余额。">
      {(sub, done) => <ShareBalance sub={sub} done={done} />}
    </SubUserPage>
  );
}

/** `/account/childUser/edit/edit?id=`. */
export function ChildUserEditPage(props: ScreenProps) {
  return (
    <SubUserPage {...props} title="编辑子账号" purpose="查看子账号信息，修改共享设置。">
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
  return (
    <Form className="rc-narrow-form" onSubmit={() => void save('/user/auth/user/ext/update/sub/user/mobile', { subUserId: sub.id, mobile: mobile.trim(), code: code.trim() }, () => navigate('/account/childUser'))}>
      <Form.Field required>
        <label>新手机号</label>
        <Input value={mobile} maxLength={11} onChange={(_, data) => setMobile(data.value)} />
      </Form.Field>
      <Form.Field required>
        <label>验证码（发送至新手机号）</label>
        <Input value={code} maxLength={6} onChange={(_, data) => setCode(data.value)} action={<SmsCodeButton mobile={mobile.trim()} type="bind" />} />
      </Form.Field>
      <Button primary type="submit">
        确认换绑
      </Button>
    </Form>
  );
}

/** `/account/childUser/bindMobile?id=`. */
export function ChildUserBindMobilePage(props: ScreenProps) {
  return (
    <SubUserPage {...props} title="子账号绑定手机" purpose="换绑后子账号用新手机号登录。">
      {(sub) => <BindMobileForm sub={sub} navigate={props.navigate} />}
    </SubUserPage>
  );
}

function ResetForm({ sub, navigate }: { sub: SubUser; navigate: (url: string) => void }) {
  const [password, setPassword] = useState('');
  return (
    <Form className="rc-narrow-form" onSubmit={() => void save('/user/auth/user/ext/update/password/sub/user', { subUserId: sub.id, password }, () => navigate('/account/childUser'))}>
      <Form.Field required>
        <label>新密码</label>
        <Input type="password" value={password} maxLength={20} placeholder="8-20位，同时包含字母和数字" onChange={(_, data) => setPassword(data.value)} />
      </Form.Field>
      <Message info content="重置后子账号已登录的设备都将退出。" />
      <Button primary type="submit">
        重置密码
      </Button>
    </Form>
  );
}

/** `/account/childUser/reset/reset?id=`. */
export function ChildUserResetPage(props: ScreenProps) {
  return (
    <SubUserPage {...props} title="重置子账号密码" purpose="为子账号设置新的登录密码。">
      {(sub) => <ResetForm sub={sub} navigate={props.navigate} />}
    </SubUserPage>
  );
}
