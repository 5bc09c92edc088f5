import { useStore } from '@nanostores/react';
import { Label } from 'semantic-ui-react';
import { $instanceNum, $isLoggedIn, $userInfo } from '@rc/shared-utility';
import { Link } from '../shell/link';
import { useLocation } from '../shell/use-location';

const items = [
  { to: '/account/fileStorage', text: '文件存储' },
  { to: '/account/commonData', text: '公开数据' },
  { to: '/account/order', text: '我的订单' },
  { to: '/account/download', text: '我的下载' },
];

/** Spec §2 header items (anonymous visitors are sent to login by the guard); organization users also get 组织中心. */
export function HeaderItems() {
  const loggedIn = useStore($isLoggedIn);
  const instanceNum = useStore($instanceNum);
  const userInfo = useStore($userInfo);
  const { pathname } = useLocation();
  const linkClass = (to: string) => `rc-header-link${pathname.startsWith(to) ? ' is-active' : ''}`;
  return (
    <nav className="rc-header-items" aria-label="常用功能">
      <Link to="/account/instanceManage" className={`${linkClass('/account/instanceManage')} rc-instance-count`}>
        实例
        {loggedIn ? (
          <Label size="mini" circular color="blue">
            {instanceNum}
          </Label>
        ) : null}
      </Link>
      {items.map((item) => (
        <Link key={item.to} to={item.to} className={linkClass(item.to)}>
          {item.text}
        </Link>
      ))}
      {userInfo?.userType === 3 ? (
        <Link to="/account/childUser" className={linkClass('/account/childUser')}>
          组织中心
        </Link>
      ) : null}
    </nav>
  );
}
