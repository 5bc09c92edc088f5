import type { ITheme } from '@xterm/xterm';
import type { Theme } from '@rc/shared-utility';

export const terminalFont = "Menlo, Consolas, 'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', monospace";

/** The terminal's colours for the portal's themes; the light one darkens the ANSI colours that vanish on white, the dark one lightens blue and magenta. */
export const terminalThemes: Record<Theme, ITheme> = {
  theme_dark: {
    background: '#111318',
    foreground: '#e4e7ec',
    cursor: '#e4e7ec',
    cursorAccent: '#111318',
    selectionBackground: '#2f6bff66',
    blue: '#5c8dff',
    magenta: '#c678dd',
    cyan: '#56b6c2',
    brightBlue: '#7aa2ff',
    brightMagenta: '#d68fe8',
    brightCyan: '#6fd3df',
  },
  theme_light: {
    background: '#ffffff',
    foreground: '#1f2329',
    cursor: '#1f2329',
    cursorAccent: '#ffffff',
    selectionBackground: '#2f6bff40',
    black: '#1f2329',
    red: '#c62828',
    green: '#2e7d32',
    yellow: '#8d6e00',
    blue: '#1d4fd8',
    magenta: '#8e24aa',
    cyan: '#00838f',
    white: '#646a73',
    brightBlack: '#646a73',
    brightRed: '#d32f2f',
    brightGreen: '#388e3c',
    brightYellow: '#a67c00',
    brightBlue: '#2f6bff',
    brightMagenta: '#a333c8',
    brightCyan: '#0097a7',
    brightWhite: '#1f2329',
  },
};
