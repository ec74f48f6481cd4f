import { inject, injectable } from 'inversify';
import type { ThemeSetting } from '../application/ports';
import { THEME_COLORS, THEME_COOKIE, type ThemeChoice, themeChoiceOf } from '../domain/theme';
import { COOKIE_JAR, type CookieJar } from './cookie-token-store';

/** A year: the choice outlives sessions (it names no one). */
const LIFETIME_SECONDS = 365 * 24 * 60 * 60;

/** The page a choice is shown on: its <html> element and <head> (absent while the server draws a page). */
export interface ThemedPage {
  documentElement: { dataset: DOMStringMap };
  querySelectorAll(selector: string): ArrayLike<{ setAttribute(name: string, value: string): void; removeAttribute(name: string): void; getAttribute(name: string): string | null }>;
}
export const THEMED_PAGE = Symbol.for('ThemedPage');

/**
 * The theme in a cookie named `theme` the server reads when it draws a page (ADR 165): a year, path /, SameSite=Lax
 * (a link from elsewhere still opens in the chosen theme), Secure on https. Writing also shows the choice at once:
 * `data-theme` on <html> for 'light' or 'dark' (none for 'system', so the stylesheet follows the device), and the
 * browser bar's colour.
 */
@injectable()
export class CookieThemeSetting implements ThemeSetting {
  constructor(
    @inject(COOKIE_JAR) private readonly jar: CookieJar,
    @inject(THEMED_PAGE) private readonly page: ThemedPage | null,
  ) {}

  read(): ThemeChoice {
    return themeChoiceOf(this.jar.cookie);
  }

  write(choice: ThemeChoice): void {
    const secure = this.jar.location?.protocol === 'https:' ? '; Secure' : '';
    this.jar.cookie = choice === 'system'
      ? `${THEME_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
      : `${THEME_COOKIE}=${choice}; Max-Age=${LIFETIME_SECONDS}; Path=/; SameSite=Lax${secure}`;
    if (!this.page) return;
    if (choice === 'system') delete this.page.documentElement.dataset.theme;
    else this.page.documentElement.dataset.theme = choice;
    const metas = this.page.querySelectorAll('meta[name="theme-color"]');
    for (let i = 0; i < metas.length; i++) {
      const meta = metas[i]!;
      const scheme = meta.getAttribute('data-scheme') === 'dark' ? 'dark' : 'light';
      // An explicit choice colours the bar whatever the device prefers; 'system' gives each its own again.
      meta.setAttribute('content', THEME_COLORS[choice === 'system' ? scheme : choice]);
      if (choice === 'system') meta.setAttribute('media', `(prefers-color-scheme: ${scheme})`);
      else meta.removeAttribute('media');
    }
  }
}
