// What the root config passes to every micro-app (root-config/src/apps/register-apps.tsx builds it).
import type { ErrorInfo } from 'react';

export interface RouteEntry {
  path: string;
  title: string;
  purpose: string;
  layout: 'default' | 'account' | 'activity';
}

export interface ShellLocation {
  href: string;
  pathname: string;
  search: string;
  route: { entry: RouteEntry; params: Readonly<Record<string, string>> } | null;
}

export interface ShellProps {
  route: {
    current(): ShellLocation;
    subscribe(listener: () => void): () => void;
    navigate(url: string, options?: { replace?: boolean }): void;
  };
  errorBoundary: (error: Error, info: ErrorInfo) => JSX.Element;
}
