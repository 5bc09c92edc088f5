import { useState, type FormEvent } from 'react';
import { Button, Form } from 'semantic-ui-react';
import { api, bus } from '@rc/shared-utility';
import { navigate } from '../../routing/location';
import { Link } from '../../shell/link';
import { AuthFrame } from '../auth-frame';
import { CodeField } from '../code-field';
import { hasErrors, mobileError, passwordError, requiredError, type FieldErrors } from '../validators';

type Field = 'mobile' | 'code' | 'password' | 'confirm';

export function ResetPage() {
  const [form, setForm] = useState({ mobile: '', code: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: Field) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<Field> = {
      mobile: mobileError(form.mobile),
      code: requiredError(form.code, '请输入验证码'),
      password: passwordError(form.password),
      confirm: form.confirm === form.password ? undefined : '两次输入的密码不一致',
    };
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    const { mobile, code, password } = form;
    const result = await api.post<null>('/user/api/user/update/password', { mobile, code, password });
    setBusy(false);
    if (result.code !== 200) return;
    bus.emit('toast', { type: 'success', message: '密码已重置，请使用新密码登录' });
    navigate('/login');
  };

  return (
    <AuthFrame title="重置密码">
      <Form onSubmit={(event) => void submit(event)} className="rc-reset">
        <Form.Input name="mobile" label="手机号" placeholder="请输入注册时的手机号" value={form.mobile} error={errors.mobile} onChange={(_, d) => set('mobile')(d.value)} />
        <CodeField
          mobile={form.mobile}
          type="reset"
          value={form.code}
          error={errors.code}
          onChange={set('code')}
          onInvalidMobile={(message) => setErrors({ mobile: message })}
        />
        <Form.Input name="password" type="password" label="新密码" placeholder="8-20位，包含字母和数字" value={form.password} error={errors.password} onChange={(_, d) => set('password')(d.value)} />
        <Form.Input name="confirm" type="password" label="确认新密码" placeholder="再次输入新密码" value={form.confirm} error={errors.confirm} onChange={(_, d) => set('confirm')(d.value)} />
        <Button type="submit" primary fluid size="large" loading={busy} disabled={busy}>
          重置密码
        </Button>
      </Form>
      <div className="rc-auth-links">
        <Link to="/login">返回登录</Link>
        <Link to="/register">注册账号</Link>
      </div>
    </AuthFrame>
  );
}
