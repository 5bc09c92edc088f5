import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $theme } from '../stores';

/** The custom element a component rendered by r2wc lives in (`container` is its shadow root). */
export function hostElement(container: HTMLElement | undefined): HTMLElement | null {
  if (!container) return null;
  return container instanceof ShadowRoot ? (container.host as HTMLElement) : container;
}

/** Re-dispatches a bus event as a DOM CustomEvent on the element, for pages that listen there. */
export function dispatchOnHost(host: HTMLElement | null, type: string, detail: unknown): void {
  host?.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/** Keeps the element's `theme` attribute on the portal's theme, which its shadow styles follow (`:host([theme="theme_dark"])`). */
export function useThemeAttribute(host: HTMLElement | null): void {
  const theme = useStore($theme);
  useEffect(() => host?.setAttribute('theme', theme), [host, theme]);
}
