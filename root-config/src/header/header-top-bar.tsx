import { useStore } from '@nanostores/react';
import { Icon, Label } from 'semantic-ui-react';
import { $isLoggedIn, $theme, $uploadListShow, $userMsgNum, $webInfo, toggleTheme } from '@rc/shared-utility';
import { $siteConfig } from '../boot/site-data';
import { Link } from '../shell/link';
import { RealNameBadge } from './real-name-badge';
import { useBalanceYuan } from './use-balance-yuan';

function ThemeToggle() {
  const dark = useStore($theme) === 'theme_dark';
  return (
    <button type="button" className="rc-header-link rc-theme-toggle" onClick={toggleTheme} data-theme={dark ? 'theme_dark' : 'theme_light'}>
      <Icon name={dark ? 'sun' : 'moon'} />
      {dark ? '浅色' : '深色'}
    </button>
  );
}

function AccountStatus() {
  const unread = useStore($userMsgNum);
  const uploadListShow = useStore($uploadListShow);
  const balance = useBalanceYuan();
  return (
    <>
      <RealNameBadge />
      <Link to="/account/recharge" className="rc-header-link rc-balance">
        余额 <span className="rc-money">¥{balance}</span>
      </Link>
      <Link to="/account/message" className="rc-header-link rc-unread">
        <Icon name="bell outline" />
        消息
        <Label size="mini" circular color={unread > 0 ? 'red' : 'grey'} className="rc-unread-count">
          {unread}
        </Label>
      </Link>
      <button
        type="button"
        className={`rc-header-link rc-transfer-toggle${uploadListShow ? ' is-active' : ''}`}
        aria-pressed={uploadListShow}
        onClick={() => $uploadListShow.set(!uploadListShow)}
      >
        <Icon name="exchange" />
        传输列表
      </button>
    </>
  );
}

/** The header's upper line: hotline on the left; account status, messages and theme on the right. */
export function HeaderTopBar() {
  const loggedIn = useStore($isLoggedIn);
  const webInfo = useStore($webInfo);
  const config = useStore($siteConfig);
  const hotline = webInfo?.hotline || config?.hotline;
  return (
    <div className="rc-header-top">
      <div className="rc-header-top-group">
        {hotline ? (
          <span className="rc-hotline">
            <Icon name="phone" />
            客服热线：{hotline}
          </span>
        ) : null}
      </div>
      <div className="rc-header-top-group">
        {loggedIn ? <AccountStatus /> : null}
        <ThemeToggle />
      </div>
    </div>
  );
}
