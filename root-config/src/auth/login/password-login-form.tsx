import { useState, type FormEvent } from 'react';
import { Button, Form } from 'semantic-ui-react';
import { api, type LoginResult } from '@rc/shared-utility';
import { finishLogin } from '../finish-login';
import { hasErrors, mobileError, requiredError, type FieldErrors } from '../validators';

export function PasswordLoginForm() {
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'mobile' | 'password'>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { mobile: mobileError(mobile), password: requiredError(password, '请输入密码') };
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    const result = await api.post<LoginResult>('/user/api/user/login/password', { mobile, password });
    setBusy(false);
    if (result.code === 200) finishLogin(result.data);
  };

  return (
    <Form onSubmit={(event) => void submit(event)} className="rc-login-password">
      <Form.Input
        name="mobile"
        label="手机号"
        placeholder="请输入手机号"
        icon="mobile alternate"
        iconPosition="left"
        value={mobile}
        error={errors.mobile}
        onChange={(_, { value }) => setMobile(value)}
      />
      <Form.Input
        name="password"
        type="password"
        label="密码"
        placeholder="请输入密码"
        icon="lock"
        iconPosition="left"
        value={password}
        error={errors.password}
        onChange={(_, { value }) => setPassword(value)}
      />
      <Button type="submit" primary fluid size="large" loading={busy} disabled={busy}>
        登录
      </Button>
    </Form>
  );
}
