import { useEffect, useState } from 'react';
import { Button } from 'semantic-ui-react';
import { api, bus } from '@rc/shared-utility';

/** Sends a verification code to `mobile`, then counts down 60 s before it can send again. */
export function SmsCodeButton({ mobile, type }: { mobile: string; type: 'reset' | 'bind' }) {
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  return (
    <Button
      type="button"
      disabled={wait > 0}
      onClick={async () => {
        if (!/^1[3-9]\d{9}$/.test(mobile)) return bus.emit('toast', { type: 'warning', message: '请输入11位中国大陆手机号' });
        const result = await api.post('/user/api/user/send/code', { mobile, type });
        if (result.code !== 200) return;
        bus.emit('toast', { type: 'success', message: '验证码已发送' });
        setWait(60);
      }}
    >
      {wait > 0 ? `${wait} 秒后重发` : '获取验证码'}
    </Button>
  );
}
