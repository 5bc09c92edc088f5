import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Form } from 'semantic-ui-react';
import { $referralCode, api, type LoginResult } from '@rc/shared-utility';
import { Link } from '../../shell/link';
import { AuthFrame } from '../auth-frame';
import { CodeField } from '../code-field';
import { finishLogin } from '../finish-login';
import { hasErrors, mobileError, passwordError, requiredError, type FieldErrors } from '../validators';

type Field = 'mobile' | 'code' | 'password' | 'confirm' | 'agreement';

const initialReferral = () => new URLSearchParams(window.location.search).get('referralCode') ?? $referralCode.get() ?? '';

export function RegisterPage() {
  const [form, setForm] = useState({ mobile: '', code: '', password: '', confirm: '', nickname: '', referralCode: initialReferral() });
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<Field> = {
      mobile: mobileError(form.mobile),
      code: requiredError(form.code, '请输入验证码'),
      password: passwordError(form.password),
      confirm: form.confirm === form.password ? undefined : '两次输入的密码不一致',
      agreement: agreed ? undefined : '请阅读并同意用户协议',
    };
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    const { mobile, code, password, nickname, referralCode } = form;
    const optional = { nickname: nickname.trim() || undefined, referralCode: referralCode.trim() || undefined };
    const result = await api.post<LoginResult>('/user/api/user/register', { mobile, code, password, ...optional });
    setBusy(false);
    if (result.code === 200) finishLogin(result.data);
  };

  return (
    <AuthFrame title="注册账号">
      <Form onSubmit={(event) => void submit(event)} className="rc-register">
        <Form.Input name="mobile" label="手机号" placeholder="请输入手机号" value={form.mobile} error={errors.mobile} onChange={(_, d) => set('mobile')(d.value)} />
        <CodeField
          mobile={form.mobile}
          type="register"
          value={form.code}
          error={errors.code}
          onChange={set('code')}
          onInvalidMobile={(message) => setErrors({ mobile: message })}
        />
        <Form.Group widths="equal">
          <Form.Input name="password" type="password" label="密码" placeholder="8-20位，包含字母和数字" value={form.password} error={errors.password} onChange={(_, d) => set('password')(d.value)} />
          <Form.Input name="confirm" type="password" label="确认密码" placeholder="再次输入密码" value={form.confirm} error={errors.confirm} onChange={(_, d) => set('confirm')(d.value)} />
        </Form.Group>
        <Form.Group widths="equal">
          <Form.Input name="nickname" label="昵称（选填）" value={form.nickname} onChange={(_, d) => set('nickname')(d.value)} />
          <Form.Input name="referralCode" label="推荐码（选填）" value={form.referralCode} onChange={(_, d) => set('referralCode')(d.value)} />
        </Form.Group>
        <Form.Field error={Boolean(errors.agreement)}>
          <Checkbox name="agreement" label="我已阅读并同意《用户服务协议》和《隐私政策》" checked={agreed} onChange={(_, d) => setAgreed(Boolean(d.checked))} />
          {errors.agreement ? <div className="ui pointing red basic label">{errors.agreement}</div> : null}
        </Form.Field>
        <Button type="submit" primary fluid size="large" loading={busy} disabled={busy}>
          注册
        </Button>
      </Form>
      <div className="rc-auth-links">
        <span />
        <span>
          已有账号？<Link to="/login">直接登录</Link>
        </span>
      </div>
    </AuthFrame>
  );
}
