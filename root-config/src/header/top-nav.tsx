import { useStore } from '@nanostores/react';
import { Dropdown } from 'semantic-ui-react';
import { $navList, type NavItem } from '@rc/shared-utility';
import { Link } from '../shell/link';
import { navigate } from '../routing/location';
import { useLocation } from '../shell/use-location';

const visibleCount = 5;

function openNav(item: NavItem): void {
  if (item.target === '_blank') window.open(item.navUrl, '_blank', 'noopener');
  else navigate(item.navUrl);
}

/** The server-configured nav; items after the fifth fold into 更多. */
export function TopNav() {
  const { list } = useStore($navList);
  const { pathname } = useLocation();
  const shown = list.slice(0, visibleCount);
  const more = list.slice(visibleCount);
  return (
    <nav className="rc-top-nav" aria-label="主导航">
      {shown.map((item) => (
        <Link
          key={item.id}
          to={item.navUrl}
          target={item.target || undefined}
          className={`rc-header-link${pathname === item.navUrl ? ' is-active' : ''}`}
        >
          {item.navTitle}
        </Link>
      ))}
      {more.length > 0 ? (
        <Dropdown text="更多" aria-label="更多栏目" className="rc-header-link rc-nav-more">
          <Dropdown.Menu>
            {more.map((item) => (
              <Dropdown.Item key={item.id} text={item.navTitle} onClick={() => openNav(item)} />
            ))}
          </Dropdown.Menu>
        </Dropdown>
      ) : null}
    </nav>
  );
}
