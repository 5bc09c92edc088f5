import type { ReactNode } from 'react';
import { formatDateTime, ListState, PageSwitcher, usePagedList, type PageFetcher, RouteLink } from '@rc/shared-utility';
import { Avatar } from './post-card';

interface Person {
  userId: number;
  nickname: string;
  avatar: string;
  blogName: string | null;
  followedAt: string;
}

interface PeopleListProps<T extends Person> {
  fetchPage: PageFetcher<T>;
  empty: string;
  navigate: (url: string) => void;
  /** Buttons at the end of a row (unfollow, follow back). */
  actions?: (person: T, reload: () => Promise<void>) => ReactNode;
}

/** Fans or followed bloggers, a page at a time. `fetchPage` must keep its identity (useCallback). */
export function PeopleList<T extends Person>({ fetchPage, empty, navigate, actions }: PeopleListProps<T>) {
  const paged = usePagedList(fetchPage);
  return (
    <>
      <ListState source={paged} isEmpty={(page) => page.list.length === 0} empty={empty}>
        {(page) => (
          <div className="rc-people-list">
            {page.list.map((person) => (
              <div className="rc-person-row" key={person.userId} data-user-id={person.userId}>
                <Avatar url={person.avatar} />
                <RouteLink to={`/blog/blogger/${person.userId}`} navigate={navigate} className="rc-person-name">
                  {person.nickname}
                  <small>
                    {person.blogName ? `${person.blogName} · ` : ''}
                    {formatDateTime(person.followedAt)} 关注
                  </small>
                </RouteLink>
                {actions?.(person, paged.reload)}
              </div>
            ))}
          </div>
        )}
      </ListState>
      <PageSwitcher {...paged} />
    </>
  );
}
