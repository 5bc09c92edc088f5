import { useEffect, useState } from 'react';
import { Button } from 'semantic-ui-react';
import { api, bus } from '@rc/shared-utility';
import { mobileError } from './validators';

const countdownSeconds = 60;

interface SendCodeButtonProps {
  mobile: string;
  type: 'register' | 'login' | 'reset' | 'bind';
  onInvalidMobile: (message: string) => void;
}

/** Sends an SMS code, then counts down 60 s before it can be sent again. */
export function SendCodeButton({ mobile, type, onInvalidMobile }: SendCodeButtonProps) {
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = window.setTimeout(() => setRemaining(remaining - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining]);

  const send = async () => {
    const invalid = mobileError(mobile);
    if (invalid) {
      onInvalidMobile(invalid);
      return;
    }
    setSending(true);
    const result = await api.post<null>('/user/api/user/send/code', { mobile, type });
    setSending(false);
    if (result.code === 200) {
      setRemaining(countdownSeconds);
      bus.emit('toast', { type: 'success', message: '验证码已发送' });
    }
  };

  return (
    <Button type="button" basic className="rc-send-code" loading={sending} disabled={sending || remaining > 0} onClick={() => void send()}>
      {remaining > 0 ? `${remaining}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
