import { Form, Input } from 'semantic-ui-react';
import { FieldError, SmsCodeButton, type SmsCodeType } from '@rc/shared-utility';

interface CodeFieldProps {
  mobile: string;
  type: SmsCodeType;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onInvalidMobile: (message: string) => void;
}

/** The SMS code input with its send button. */
export function CodeField({ mobile, type, value, error, onChange, onInvalidMobile }: CodeFieldProps) {
  return (
    <Form.Field error={Boolean(error)}>
      <label>验证码</label>
      <div className="rc-code-field">
        <Input name="code" placeholder="请输入短信验证码" value={value} onChange={(_, data) => onChange(data.value)} />
        <SmsCodeButton mobile={mobile} type={type} onInvalidMobile={onInvalidMobile} />
      </div>
      <FieldError message={error} />
    </Form.Field>
  );
}
