import { useEffect, useState } from 'react';
import { Button, Checkbox, Form } from 'semantic-ui-react';
import { $referralCode, constants, FieldError, useSubmit } from '@rc/shared-utility';
import { checkReferralCode, register as registerAccount } from '../auth-api';
import { navigate } from '../../routing/location';
import { Link } from '../../shell/link';
import { AuthFrame } from '../auth-frame';
import { CredentialFields, credentialErrors, noCredentials, type CredentialField } from '../credential-fields';
import { finishLogin } from '../finish-login';

const linkedReferral = () => new URLSearchParams(window.location.search).get('referralCode');
const initialReferral = () => linkedReferral() ?? $referralCode.get() ?? '';

/**
 * The referral code a visitor brought (the link's, or the one remembered from an earlier visit) is checked on
 * arrival: a valid one is remembered and its referrer named; a link with any other leads to `/noRecommend`.
 */
function useReferralLink() {
  const [referrer, setReferrer] = useState<string | null>(null);
  useEffect(() => {
    const linked = linkedReferral();
    const code = linked ?? $referralCode.get();
    if (!code) return;
    void checkReferralCode(code).then((result) => {
      if (result.code === 200) {
        $referralCode.set(code);
        setReferrer(result.data.referrerNickname ?? null);
      } else if (result.code === 422) {
        $referralCode.set(null);
        if (linked) navigate(`/noRecommend?referralCode=${encodeURIComponent(code)}`, { replace: true });
      }
    });
  }, []);
  return referrer;
}

export function RegisterPage() {
  const [form, setForm] = useState(noCredentials);
  const [optional, setOptional] = useState({ nickname: '', referralCode: initialReferral() });
  const [agreed, setAgreed] = useState(false);
  const referrer = useReferralLink();
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
            id="rc-register-nickname"
            label="昵称（选填）"
            value={optional.nickname}
            onChange={(_, d) => setOptional((current) => ({ ...current, nickname: d.value }))}
          />
          <Form.Input
            name="referralCode"
            id="rc-register-referral"
            label={referrer ? `推荐码（推荐人：${referrer}）` : '推荐码（选填）'}
            value={optional.referralCode}
            onChange={(_, d) => setOptional((current) => ({ ...current, referralCode: d.value }))}
          />
        </Form.Group>
        <Form.Field error={Boolean(errors.agreement)}>
          <div className="rc-agreement">
            <Checkbox
              name="agreement"
              id="rc-register-agreement"
              label="我已阅读并同意"
              checked={agreed}
              onChange={(_, d) => setAgreed(Boolean(d.checked))}
            />
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
          已有账号？<Link to={constants.loginUrl}>直接登录</Link>
        </span>
      </div>
    </AuthFrame>
  );
}
