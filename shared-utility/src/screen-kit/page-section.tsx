import type { ReactNode } from 'react';

/** A screen's card: one per screen, or several stacked with a gap. */
export function PageSection({ className, children }: { className?: string; children: ReactNode }) {
  return <section className={className ? `rc-page ${className}` : 'rc-page'}>{children}</section>;
}
