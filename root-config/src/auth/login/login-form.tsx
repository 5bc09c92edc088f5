import { useState } from 'react';
import { Button, Form } from 'semantic-ui-react';
import { mobileError, requiredError, useSubmit } from '@rc/shared-utility';
import { loginByCode, loginByPassword } from '../auth-api';
import { CodeField } from '../code-field';
import { finishLogin } from '../finish-login';

export type LoginTab = 'password' | 'code';

/** Signs in with the mobile and either the password or an SMS code. */
export function LoginForm({ by }: { by: LoginTab }) {
  const [mobile, setMobile] = useState('');
  const [secret, setSecret] = useState('');
  const { busy, errors, setErrors, submit } = useSubmit<'mobile' | 'secret'>();

  const login = () =>
    void submit({
      check: () => ({ mobile: mobileError(mobile), secret: requiredError(secret, by === 'password' ? '请输入密码' : '请输入验证码') }),
      call: () => (by === 'password' ? loginByPassword({ mobile, password: secret }) : loginByCode({ mobile, code: secret })),
      success: false,
      then: finishLogin,
    });

  return (
    <Form onSubmit={login} className={by === 'password' ? 'rc-login-password' : 'rc-login-code'}>
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
      {by === 'password' ? (
        <Form.Input
          name="password"
          type="password"
          label="密码"
          placeholder="请输入密码"
          icon="lock"
          iconPosition="left"
          value={secret}
          error={errors.secret}
          onChange={(_, { value }) => setSecret(value)}
        />
      ) : (
        <CodeField
          mobile={mobile}
          type="login"
          value={secret}
          error={errors.secret}
          onChange={setSecret}
          onInvalidMobile={(message) => setErrors({ mobile: message })}
        />
      )}
      <Button type="submit" primary fluid size="large" loading={busy} disabled={busy}>
        登录
      </Button>
    </Form>
  );
}
