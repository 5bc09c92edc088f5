import { useState } from 'react';
import { Button, Form } from 'semantic-ui-react';
import { constants, useSubmit } from '@rc/shared-utility';
import { resetPassword } from '../auth-api';
import { navigate } from '../../routing/location';
import { Link } from '../../shell/link';
import { AuthFrame } from '../auth-frame';
import { CredentialFields, credentialErrors, noCredentials, type CredentialField } from '../credential-fields';

export function ResetPage() {
  const [form, setForm] = useState(noCredentials);
  const { busy, errors, setErrors, submit } = useSubmit<CredentialField>();

  const reset = () =>
    void submit({
      check: () => credentialErrors(form),
      call: () => resetPassword({ mobile: form.mobile, code: form.code, password: form.password }),
      success: '密码已重置，请使用新密码登录',
      then: () => navigate(constants.loginUrl),
    });

  return (
    <AuthFrame title="重置密码">
      <Form onSubmit={reset} className="rc-reset">
        <CredentialFields purpose="reset" form={form} setForm={setForm} errors={errors} setErrors={setErrors} />
        <Button type="submit" primary fluid size="large" loading={busy} disabled={busy}>
          重置密码
        </Button>
      </Form>
      <div className="rc-auth-links">
        <Link to={constants.loginUrl}>返回登录</Link>
        <Link to="/register">注册账号</Link>
      </div>
    </AuthFrame>
  );
}
