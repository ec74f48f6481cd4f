/**
 * The screen a page is drawn for on the server (ADR 185). The server cannot see the reader's screen, but the request
 * says whether the browser is a phone's: Chromium sends `Sec-CH-UA-Mobile: ?1` on every request, and Safari's and
 * Firefox's phone user agents say "Mobi". Views that differ by media query (the bar's menu, the discussion's folded
 * goals) are drawn for that guess, so a phone's hydration finds what it would draw itself and has nothing to redo.
 * A wrong guess costs only what every page cost before: one more render as the page goes live.
 */
export const SCREEN_GUESSES = ['phone', 'desktop'] as const;
export type ScreenGuess = (typeof SCREEN_GUESSES)[number];

export function isScreenGuess(value: unknown): value is ScreenGuess {
  return typeof value === 'string' && (SCREEN_GUESSES as readonly string[]).includes(value);
}

/** The guess from a request's headers: the client hint where the browser sends it, its user agent otherwise. */
export function screenGuessOf(headers: { mobileHint?: string | undefined; userAgent?: string | undefined }): ScreenGuess {
  if (headers.mobileHint === '?1') return 'phone';
  if (headers.mobileHint === '?0') return 'desktop';
  return /Mobi/.test(headers.userAgent ?? '') ? 'phone' : 'desktop';
}

/** What each guess stands for: a phone held upright, and a laptop's window. */
const SCREENS: Record<ScreenGuess, { width: number; coarse: boolean }> = {
  phone: { width: 390, coarse: true },
  desktop: { width: 1280, coarse: false },
};

function featureMatches(feature: string, screen: { width: number; coarse: boolean }): boolean {
  const match = /^\(\s*([a-z-]+)\s*:\s*([a-z0-9.]+)\s*\)$/.exec(feature.trim());
  if (!match) return false;
  const [, name, value] = match as unknown as [string, string, string];
  switch (name) {
    case 'max-width':
      return screen.width <= Number.parseFloat(value);
    case 'min-width':
      return screen.width >= Number.parseFloat(value);
    case 'pointer':
      return value === (screen.coarse ? 'coarse' : 'fine');
    case 'hover':
      return value === (screen.coarse ? 'none' : 'hover');
    default:
      // Anything the request cannot tell (reduced motion, colour scheme, a feature not listed): not assumed.
      return false;
  }
}

/**
 * Whether a media query list would match on the guessed screen: comma-separated queries (any may match), each one or
 * more `(feature: value)` joined by `and`. Widths are in px.
 */
export function screenMatches(query: string, guess: ScreenGuess): boolean {
  const screen = SCREENS[guess];
  return query.split(',').some((part) => {
    const features = part.split(/\s+and\s+/);
    return features.length > 0 && features.every((feature) => featureMatches(feature, screen));
  });
}
