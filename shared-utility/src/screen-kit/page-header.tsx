import type { ReactNode } from 'react';
import { useRouteEntry } from './route-entry';

interface PageHeaderProps {
  /** Shown before the route's purpose, e.g. the instance a sub-page works on. */
  subject?: string;
  /** Buttons on the right. */
  children?: ReactNode;
}

/** A screen's title and purpose, as the route table states them, with the screen's main actions beside them. */
export function PageHeader({ subject, children }: PageHeaderProps) {
  const entry = useRouteEntry();
  return (
    <div className="rc-page-header">
      <div>
        <h1 className="rc-page-title">{entry?.title}</h1>
        <p className="rc-page-purpose">{subject ? `${subject}：${entry?.purpose ?? ''}` : entry?.purpose}</p>
      </div>
      {children}
    </div>
  );
}
