import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../routing/location';

interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
}

const isExternal = (url: string) => /^[a-z]+:\/\//i.test(url);

/** An anchor that changes route without reloading; modified clicks and external URLs behave natively. */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0;
    if (event.defaultPrevented || modified || isExternal(to) || target === '_blank') return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} target={target} rel={target === '_blank' ? 'noreferrer' : undefined} onClick={handleClick} {...rest} />;
}
