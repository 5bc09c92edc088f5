import type { Dispatch, SetStateAction } from 'react';
import { Form } from 'semantic-ui-react';
import { confirmError, mobileError, passwordError, requiredError, type FieldErrors } from '@rc/shared-utility';
import { CodeField } from './code-field';

/** What register and reset both ask: a mobile, its SMS code, and a new password typed twice. */
export interface Credentials {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
}

export type CredentialField = keyof Credentials;

export const noCredentials: Credentials = { mobile: '', code: '', password: '', confirm: '' };

export function credentialErrors(form: Credentials): FieldErrors<CredentialField> {
  return {
    mobile: mobileError(form.mobile),
    code: requiredError(form.code, '请输入验证码'),
    password: passwordError(form.password),
    confirm: confirmError(form.confirm, form.password),
  };
}

interface CredentialFieldsProps {
  /** Which SMS code the fields ask for; register also puts the two passwords side by side, reset stacks them and says 新密码. */
  purpose: 'register' | 'reset';
  form: Credentials;
  setForm: Dispatch<SetStateAction<Credentials>>;
  errors: FieldErrors<CredentialField>;
  setErrors: (errors: FieldErrors<CredentialField>) => void;
}

export function CredentialFields({ purpose, form, setForm, errors, setErrors }: CredentialFieldsProps) {
  const set = (field: CredentialField, value: string) => setForm((current) => ({ ...current, [field]: value }));
  const fresh = purpose === 'reset' ? '新' : '';
  const passwords = (
    <>
      <Form.Input
        name="password"
        type="password"
        label={`${fresh}密码`}
        placeholder="8-20位，包含字母和数字"
        value={form.password}
        error={errors.password}
        onChange={(_, d) => set('password', d.value)}
      />
      <Form.Input
        name="confirm"
        type="password"
        label={`确认${fresh}密码`}
        placeholder={`再次输入${fresh}密码`}
        value={form.confirm}
        error={errors.confirm}
        onChange={(_, d) => set('confirm', d.value)}
      />
    </>
  );
  return (
    <>
      <Form.Input
        name="mobile"
        label="手机号"
        placeholder={purpose === 'reset' ? '请输入注册时的手机号' : '请输入手机号'}
        value={form.mobile}
        error={errors.mobile}
        onChange={(_, d) => set('mobile', d.value)}
      />
      <CodeField
        mobile={form.mobile}
        type={purpose}
        value={form.code}
        error={errors.code}
        onChange={(value) => set('code', value)}
        onInvalidMobile={(message) => setErrors({ mobile: message })}
      />
      {purpose === 'register' ? <Form.Group widths="equal">{passwords}</Form.Group> : passwords}
    </>
  );
}
