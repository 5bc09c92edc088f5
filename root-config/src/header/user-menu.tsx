import { useStore } from '@nanostores/react';
import { Button, Dropdown, Icon } from 'semantic-ui-react';
import { $instanceNum, $isLoggedIn, $userInfo, constants, logout } from '@rc/shared-utility';
import { navigate } from '../routing/location';
import { RealNameBadge } from './real-name-badge';
import { useBalanceYuan } from './use-balance-yuan';

function Avatar({ name, image }: { name: string; image?: string }) {
  return <span className="rc-avatar">{image ? <img src={image} alt="" /> : name.slice(0, 1)}</span>;
}

/** Spec §2 user dropdown: nickname, real-name badge, balance with 充值, instance count, 退出. */
export function UserMenu() {
  const loggedIn = useStore($isLoggedIn);
  const userInfo = useStore($userInfo);
  const instanceNum = useStore($instanceNum);
  const balance = useBalanceYuan();

  if (!loggedIn) {
    return (
      <div className="rc-auth-buttons">
        <Button size="small" basic onClick={() => navigate(constants.loginUrl)}>
          登录
        </Button>
        <Button size="small" primary onClick={() => navigate('/register')}>
          注册
        </Button>
      </div>
    );
  }

  const nickname = userInfo?.nickname || '我的账号';
  return (
    <Dropdown
      className="rc-user-menu"
      aria-label="账号菜单"
      icon={null}
      direction="left"
      trigger={
        <span className="rc-user-trigger rc-header-link" title={nickname}>
          <Avatar name={nickname} image={userInfo?.headImgUrl || undefined} />
          <Icon name="angle down" />
        </span>
      }
    >
      <Dropdown.Menu>
        <div className="rc-user-card">
          <div className="rc-user-card-row">
            <strong className="rc-nickname">{nickname}</strong>
            <RealNameBadge />
          </div>
          <div className="rc-user-card-row">
            <span>
              余额 <span className="rc-money">¥{balance}</span>
            </span>
            <Button size="mini" primary onClick={() => navigate('/account/recharge')}>
              充值
            </Button>
          </div>
          <div className="rc-user-card-row">
            <span>实例</span>
            <span>{instanceNum} 个</span>
          </div>
        </div>
        <Dropdown.Divider />
        <Dropdown.Item icon="dashboard" text="控制台" onClick={() => navigate('/account/home')} />
        <Dropdown.Item icon="user outline" text="个人信息" onClick={() => navigate('/account/info')} />
        <Dropdown.Item icon="key" text="API 密钥" onClick={() => navigate('/account/apiKey')} />
        <Dropdown.Item icon="sign out" text="退出" className="rc-logout" onClick={() => void logout()} />
      </Dropdown.Menu>
    </Dropdown>
  );
}
