import { useState } from 'react';
import { Menu, Message } from 'semantic-ui-react';
import { signOutReason } from '@rc/shared-utility';
import { Link } from '../../shell/link';
import { AuthFrame } from '../auth-frame';
import { LoginForm, type LoginTab } from './login-form';

/** `/login?t=login` opens the password tab, `?t=code` the SMS-code tab. */
const initialTab = (): LoginTab => (new URLSearchParams(window.location.search).get('t') === 'code' ? 'code' : 'password');

/** The URL keeps naming the open tab, so a reload or a shared link opens the same one. */
function showTabInUrl(tab: LoginTab): void {
  const params = new URLSearchParams(window.location.search);
  params.set('t', tab === 'code' ? 'code' : 'login');
  window.history.replaceState(window.history.state, '', `/login?${params.toString()}`);
}

export function LoginPage() {
  const [tab, setShownTab] = useState<LoginTab>(initialTab);
  const setTab = (next: LoginTab) => {
    showTabInUrl(next);
    setShownTab(next);
  };
  // Why the last session ended (signed in elsewhere), also after a reload, until the next login.
  const [reason] = useState(signOutReason.read);
  return (
    <AuthFrame title="欢迎登录">
      {reason && <Message warning className="rc-signed-out-reason" content={reason} />}
      <Menu secondary pointing widths={2}>
        <Menu.Item name="password" active={tab === 'password'} onClick={() => setTab('password')}>
          密码登录
        </Menu.Item>
        <Menu.Item name="code" active={tab === 'code'} onClick={() => setTab('code')}>
          验证码登录
        </Menu.Item>
      </Menu>
      <LoginForm key={tab} by={tab} />
      <div className="rc-auth-links">
        <Link to="/reset">忘记密码？</Link>
        <span>
          还没有账号？<Link to="/register">立即注册</Link>
        </span>
      </div>
    </AuthFrame>
  );
}
