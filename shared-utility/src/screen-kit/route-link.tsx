import type { MouseEvent, ReactNode } from 'react';

/** A link the shell follows without reloading the page (a modified click still opens it the browser's way). */
export function RouteLink({
  to,
  navigate,
  className,
  children,
}: {
  to: string;
  navigate: (url: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const follow = (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} className={className} onClick={follow}>
      {children}
    </a>
  );
}
