import { Form, Input } from 'semantic-ui-react';
import { SmsCodeButton } from '@rc/shared-utility';

interface BoundMobileFieldsProps {
  /** 「手机号」 or 「新手机号」: the code goes to this number. */
  label: string;
  /** Where the code goes, as the code field names it (「该手机号」, 「新手机号」). */
  codeTarget: string;
  mobile: string;
  code: string;
  setMobile: (mobile: string) => void;
  setCode: (code: string) => void;
}

/** A sub-account's mobile and the code sent to it: only the number's owner can bind it. */
export function BoundMobileFields({ label, codeTarget, mobile, code, setMobile, setCode }: BoundMobileFieldsProps) {
  return (
    <>
      <Form.Field required>
        <label>{label}</label>
        <Input value={mobile} maxLength={11} onChange={(_, data) => setMobile(data.value)} />
      </Form.Field>
      <Form.Field required>
        <label>验证码（发送至{codeTarget}）</label>
        <Input
          value={code}
          maxLength={6}
          onChange={(_, data) => setCode(data.value)}
          action={<SmsCodeButton mobile={mobile.trim()} type="bind" />}
        />
      </Form.Field>
    </>
  );
}
