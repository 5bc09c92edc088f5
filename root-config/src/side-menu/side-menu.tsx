import type { MouseEvent } from 'react';
import { Icon, Label, Menu } from 'semantic-ui-react';
import { navigate } from '../routing/location';
import { useStore } from '@nanostores/react';
import { $userInfo } from '@rc/shared-utility';
import { gradeAdminMenuEntry, learningMenuEntry, operatorMenuEntry, sideMenuEntries, teachingMenuEntry } from './side-menu-entries';
import { useMenuBadges } from './menu-badges';

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** The account layout's 220px menu. */
export function SideMenu({ pathname }: { pathname: string }) {
  const userInfo = useStore($userInfo);
  const entries = [
    ...sideMenuEntries,
    learningMenuEntry,
    ...(userInfo?.isTeacher ? [teachingMenuEntry] : []),
    ...(userInfo?.isGradeAdmin ? [gradeAdminMenuEntry(userInfo.isTeacher)] : []),
    ...(userInfo?.isOperator ? [operatorMenuEntry] : []),
  ];
  const badges = useMenuBadges(pathname, Boolean(userInfo), Boolean(userInfo?.isGradeAdmin));
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  return (
    <aside className="rc-side-menu" aria-label="账户菜单">
      <Menu vertical>
        {entries.map((entry) =>
          entry.to ? (
            <Menu.Item key={entry.text} as="a" href={entry.to} active={isActive(pathname, entry.to)} onClick={go(entry.to)}>
              <Icon name={entry.icon} />
              {entry.text}
            </Menu.Item>
          ) : (
            <Menu.Item key={entry.text}>
              <span className="rc-side-group-title">
                <Icon name={entry.icon} />
                {entry.text}
              </span>
              <Menu.Menu>
                {entry.children?.map((child) => (
                  <Menu.Item key={child.to} as="a" href={child.to} active={isActive(pathname, child.to)} onClick={go(child.to)}>
                    {child.text}
                    {child.badge && badges[child.badge] > 0 ? (
                      <Label
                        size="mini"
                        color="red"
                        className={`rc-menu-badge rc-menu-badge-${child.badge}`}
                        content={badges[child.badge]}
                      />
                    ) : null}
                  </Menu.Item>
                ))}
              </Menu.Menu>
            </Menu.Item>
          ),
        )}
      </Menu>
    </aside>
  );
}
