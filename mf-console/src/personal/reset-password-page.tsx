import { useState } from 'react';
import { Button, Form, Input, Message } from 'semantic-ui-react';
import {
  confirmError,
  FieldError,
  logout,
  mobileError,
  PageHeader,
  PageSection,
  passwordError,
  requiredError,
  SmsCodeButton,
  useSubmit,
} from '@rc/shared-utility';
import { changePassword } from './personal-api';

type Field = 'mobile' | 'code' | 'password' | 'again';

/** `/account/reset`: a new password confirmed by an SMS code; every session ends, so the user signs in again. */
export function ResetPasswordPage() {
  const [form, setForm] = useState({ mobile: '', code: '', password: '', again: '' });
  const { busy, errors, setErrors, submit } = useSubmit<Field>();
  const input = (field: Field) => ({
    value: form[field],
    onChange: (_: unknown, data: { value: string }) => setForm((current) => ({ ...current, [field]: data.value })),
  });

  const save = () =>
    void submit({
      check: () => ({
        mobile: mobileError(form.mobile.trim()),
        code: requiredError(form.code, '请输入验证码'),
        password: passwordError(form.password),
        again: confirmError(form.again, form.password),
      }),
      call: () => changePassword({ mobile: form.mobile.trim(), code: form.code.trim(), password: form.password }),
      success: '密码已修改，请重新登录',
      then: () => logout({ callServer: false }),
    });

  return (
    <PageSection>
      <PageHeader />
      <Message info content="修改后所有已登录的设备都将退出。" />
      <Form onSubmit={save} className="rc-narrow-form">
        <Form.Field required error={Boolean(errors.mobile)}>
          <label>手机号</label>
          <Input maxLength={11} placeholder="注册时使用的手机号" {...input('mobile')} />
          <FieldError message={errors.mobile} />
        </Form.Field>
        <Form.Field required error={Boolean(errors.code)}>
          <label>验证码</label>
          <Input
            maxLength={6}
            {...input('code')}
            action={
              <SmsCodeButton mobile={form.mobile.trim()} type="reset" onInvalidMobile={(message) => setErrors({ mobile: message })} />
            }
          />
          <FieldError message={errors.code} />
        </Form.Field>
        <Form.Field required error={Boolean(errors.password)}>
          <label>新密码</label>
          <Input type="password" maxLength={20} placeholder="8-20位，同时包含字母和数字" {...input('password')} />
          <FieldError message={errors.password} />
        </Form.Field>
        <Form.Field required error={Boolean(errors.again)}>
          <label>确认新密码</label>
          <Input type="password" maxLength={20} {...input('again')} />
          <FieldError message={errors.again} />
        </Form.Field>
        <Button primary type="submit" loading={busy} disabled={busy}>
          修改密码
        </Button>
      </Form>
    </PageSection>
  );
}
