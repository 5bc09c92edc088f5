import type { ReactNode } from 'react';

interface PageSectionProps {
  className?: string;
  /** A heading for a card below the screen's first one; its actions sit on the right. */
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** A screen's card: one per screen, or several stacked with a gap. */
export function PageSection({ className, title, actions, children }: PageSectionProps) {
  return (
    <section className={className ? `rc-page ${className}` : 'rc-page'}>
      {title ? (
        <div className="rc-page-header">
          <h2 className="rc-section-title">{title}</h2>
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
