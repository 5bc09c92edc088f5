import type { MouseEvent, ReactNode } from 'react';

/** A link the shell follows without reloading the page (a modified click still opens it the browser's way). */
export function RouteLink({
  to,
  navigate,
  className,
  label,
  children,
}: {
  to: string;
  navigate: (url: string) => void;
  className?: string;
  /** The link's name where its content has no text (a picture). */
  label?: string;
  children: ReactNode;
}) {
  const follow = (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} className={className} aria-label={label} onClick={follow}>
      {children}
    </a>
  );
}
