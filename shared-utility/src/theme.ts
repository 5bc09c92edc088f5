import { bus } from './event-bus';
import { $theme } from './stores';
import type { Theme } from './types';

export function setTheme(theme: Theme): void {
  $theme.set(theme);
  bus.emit('theme:change', { theme });
}

export function toggleTheme(): void {
  setTheme($theme.get() === 'theme_light' ? 'theme_dark' : 'theme_light');
}
