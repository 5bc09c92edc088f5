import { useEffect, useState } from 'react';
import { Button } from 'semantic-ui-react';
import { api } from '../api-client';
import { bus } from '../event-bus';
import { mobileError } from './form-rules';

export type SmsCodeType = 'register' | 'login' | 'reset' | 'bind';
/** Codes for what only the account's owner may do (payee accounts, withdrawals): sent to the signed-in account's bound mobile. */
type OwnSmsCodeType = 'payee' | 'withdraw';

const countdownSeconds = 60;

type SmsCodeButtonProps =
  | {
      mobile: string;
      type: SmsCodeType;
      /** Shows the mobile rule's message beside the field; without it the message is toasted. */
      onInvalidMobile?: (message: string) => void;
    }
  | { mobile?: never; type: OwnSmsCodeType; onInvalidMobile?: never };

/** Sends an SMS code to `mobile` (or, for an own-number type, to the signed-in account's), then counts down 60 s before it can be sent again. */
export function SmsCodeButton({ mobile, type, onInvalidMobile }: SmsCodeButtonProps) {
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = window.setTimeout(() => setRemaining(remaining - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining]);

  const send = async () => {
    const invalid = mobile === undefined ? undefined : mobileError(mobile);
    if (invalid) {
      if (onInvalidMobile) onInvalidMobile(invalid);
      else bus.emit('toast', { type: 'warning', message: invalid });
      return;
    }
    setSending(true);
    const result =
      mobile === undefined
        ? await api.post<null>('/user/auth/user/send/code', { type })
        : await api.post<null>('/user/api/user/send/code', { mobile, type });
    setSending(false);
    if (result.code !== 200) return;
    setRemaining(countdownSeconds);
    bus.emit('toast', { type: 'success', message: '验证码已发送' });
  };

  return (
    <Button type="button" basic className="rc-send-code" loading={sending} disabled={sending || remaining > 0} onClick={() => void send()}>
      {remaining > 0 ? `${remaining}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
