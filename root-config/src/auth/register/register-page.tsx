import { useState } from 'react';
import { Button, Checkbox, Form } from 'semantic-ui-react';
import { $referralCode, FieldError, useSubmit } from '@rc/shared-utility';
import { register as registerAccount } from '../auth-api';
import { Link } from '../../shell/link';
import { AuthFrame } from '../auth-frame';
import { CredentialFields, credentialErrors, noCredentials, type CredentialField } from '../credential-fields';
import { finishLogin } from '../finish-login';

const initialReferral = () => new URLSearchParams(window.location.search).get('referralCode') ?? $referralCode.get() ?? '';

export function RegisterPage() {
  const [form, setForm] = useState(noCredentials);
  const [optional, setOptional] = useState({ nickname: '', referralCode: initialReferral() });
  const [agreed, setAgreed] = useState(false);
  const { busy, errors, setErrors, submit } = useSubmit<CredentialField | 'agreement'>();

  const register = () =>
    void submit({
      check: () => ({ ...credentialErrors(form), agreement: agreed ? undefined : '请阅读并同意用户协议' }),
      call: () => {
        const { mobile, code, password } = form;
        const extra = { nickname: optional.nickname.trim() || undefined, referralCode: optional.referralCode.trim() || undefined };
        return registerAccount({ mobile, code, password, ...extra });
      },
      success: false,
      then: finishLogin,
    });

  return (
    <AuthFrame title="注册账号">
      <Form onSubmit={register} className="rc-register">
        <CredentialFields purpose="register" form={form} setForm={setForm} errors={errors} setErrors={setErrors} />
        <Form.Group widths="equal">
          <Form.Input
            name="nickname"
            label="昵称（选填）"
            value={optional.nickname}
            onChange={(_, d) => setOptional((current) => ({ ...current, nickname: d.value }))}
          />
          <Form.Input
            name="referralCode"
            label="推荐码（选填）"
            value={optional.referralCode}
            onChange={(_, d) => setOptional((current) => ({ ...current, referralCode: d.value }))}
          />
        </Form.Group>
        <Form.Field error={Boolean(errors.agreement)}>
          <div className="rc-agreement">
            <Checkbox name="agreement" label="我已阅读并同意" checked={agreed} onChange={(_, d) => setAgreed(Boolean(d.checked))} />
            <Link to="/agreement" target="_blank">
              《用户协议》
            </Link>
            和
            <Link to="/privacy" target="_blank">
              《隐私政策》
            </Link>
          </div>
          <FieldError message={errors.agreement} />
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
