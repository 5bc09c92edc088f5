import { useState, type FormEvent } from 'react';
import { Button, Form } from 'semantic-ui-react';
import { api, type LoginResult } from '@rc/shared-utility';
import { finishLogin } from '../finish-login';
import { CodeField } from '../code-field';
import { hasErrors, mobileError, requiredError, type FieldErrors } from '../validators';

export function CodeLoginForm() {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'mobile' | 'code'>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { mobile: mobileError(mobile), code: requiredError(code, '请输入验证码') };
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    const result = await api.post<LoginResult>('/user/api/user/login/code', { mobile, code });
    setBusy(false);
    if (result.code === 200) finishLogin(result.data);
  };

  return (
    <Form onSubmit={(event) => void submit(event)} className="rc-login-code">
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
      <CodeField
        mobile={mobile}
        type="login"
        value={code}
        error={errors.code}
        onChange={setCode}
        onInvalidMobile={(message) => setErrors({ mobile: message })}
      />
      <Button type="submit" primary fluid size="large" loading={busy} disabled={busy}>
        登录
      </Button>
    </Form>
  );
}
