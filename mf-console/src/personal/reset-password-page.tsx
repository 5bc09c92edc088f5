import { useState } from 'react';
import { Button, Form, Input, Message } from 'semantic-ui-react';
import { api, bus, logout } from '@rc/shared-utility';
import { SmsCodeButton } from './sms-code-button';

/** `/account/reset`: a new password confirmed by an SMS code; every session ends, so the user signs in again. */
export function ResetPasswordPage() {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (password !== again) return bus.emit('toast', { type: 'warning', message: '两次输入的密码不一致' });
    setBusy(true);
    const result = await api.post('/user/api/user/update/password', { mobile: mobile.trim(), code: code.trim(), password });
    setBusy(false);
    if (result.code !== 200) return;
    bus.emit('toast', { type: 'success', message: '密码已修改，请重新登录' });
    await logout({ callServer: false });
  };

  return (
    <section className="rc-page">
      <div className="rc-page-header">
        <div>
          <h1 className="rc-page-title">修改密码</h1>
          <p className="rc-page-purpose">通过短信验证码修改登录密码，修改后需重新登录。</p>
        </div>
      </div>
      <Message info content="修改后所有已登录的设备都将退出。" />
      <Form onSubmit={() => void submit()} className="rc-narrow-form">
        <Form.Field required>
          <label>手机号</label>
          <Input value={mobile} maxLength={11} onChange={(_, data) => setMobile(data.value)} placeholder="注册时使用的手机号" />
        </Form.Field>
        <Form.Field required>
          <label>验证码</label>
          <Input value={code} maxLength={6} onChange={(_, data) => setCode(data.value)} action={<SmsCodeButton mobile={mobile.trim()} type="reset" />} />
        </Form.Field>
        <Form.Field required>
          <label>新密码</label>
          <Input type="password" value={password} maxLength={20} onChange={(_, data) => setPassword(data.value)} placeholder="8-20位，同时包含字母和数字" />
        </Form.Field>
        <Form.Field required>
          <label>确认新密码</label>
          <Input type="password" value={again} maxLength={20} onChange={(_, data) => setAgain(data.value)} />
        </Form.Field>
        <Button primary type="submit" loading={busy} disabled={busy}>
          修改密码
        </Button>
      </Form>
    </section>
  );
}
