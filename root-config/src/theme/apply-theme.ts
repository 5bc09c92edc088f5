import { $theme } from '@rc/shared-utility';

/** Keeps the body's theme class (theme_light / theme_dark) in step with the stored theme. */
export function applyTheme(): void {
  $theme.subscribe((theme) => {
    document.body.classList.remove('theme_light', 'theme_dark');
    document.body.classList.add(theme);
  });
}
