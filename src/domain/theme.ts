/**
 * The colour theme a reader chooses (issue 41 item 11, ADR 165): follow the device ('system'), or always light, or
 * always dark. The choice lives in a cookie the server reads, so the first paint of a page already has it.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_COOKIE = 'theme';

/** What each choice is called where a reader picks it (the avatar menu, the footer). */
export const THEME_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** The browser's bar colour (meta theme-color) for each theme: the light theme's green, the dark page's own ground. */
export const THEME_COLORS = { light: '#1f6f4a', dark: '#101a15' } as const;

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

/** The choice a Cookie header (or `document.cookie`) holds; anything missing or unknown is 'system'. */
export function themeChoiceOf(cookies: string | undefined | null): ThemeChoice {
  if (!cookies) return 'system';
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === THEME_COOKIE) return isThemeChoice(value) ? value : 'system';
  }
  return 'system';
}
