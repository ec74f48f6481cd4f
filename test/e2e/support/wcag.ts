/**
 * WCAG 2.2 AA checks that no rule engine makes (issue 17), run in the page as it stands. Each returns the failing
 * elements by selector with the reason; an empty list is a pass.
 *
 * - 2.4.7 / 2.4.13 focus visible: every focusable element, focused as a keyboard user would focus it, shows an
 *   indicator at least 2 px thick (outline, or a box shadow or border that changes) in a colour with at least 3:1
 *   contrast against the background it sits on.
 * - 2.4.11 focus not obscured: the sticky bar never covers the whole of a focused element.
 * - 2.5.8 target size: every pointer target is at least 24 × 24 px, unless it is a link inside a sentence or has the
 *   spacing exception (a 24 px circle on its centre meets no other target).
 * - 1.4.10 reflow: no sideways scrolling at 320 CSS px (a table or code scrolls in its own box).
 * - 1.4.12 text spacing: with the WCAG override stylesheet, no element with clipped overflow cuts text off.
 * - 2.2.2 / 2.3.3 motion: under reduced motion, nothing animates once the page has settled.
 * - forced colours: every control keeps a boundary, and a selected or pressed control differs from its siblings in
 *   something a forced palette keeps.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures';

export interface Finding {
  selector: string;
  problem: string;
}

/**
 * Until the screen has taken in a change (a stylesheet, a media feature, a width): two frames, so style, layout and
 * what a ResizeObserver or a media query listener did are drawn, then a task, for the render React scheduled. A fixed
 * wait of 100-200 ms did this at about five times the cost.
 */
export async function afterFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** Focus visible and not obscured, for every focusable element of the page. */
export async function focusFindings(page: Page): Promise<Finding[]> {
  // One real Tab first: from then on, focus moved by script shows :focus-visible (and react-aria's
  // data-focus-visible) as a keyboard user's would.
  await page.keyboard.press('Tab');
  return page.evaluate(async (focusable) => {
    const findings: { selector: string; problem: string }[] = [];
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    const selectorOf = (el: Element): string => {
      if (el.id) return `#${CSS.escape(el.id)}`;
      const parts: string[] = [];
      let node: Element | null = el;
      while (node && node !== document.body && parts.length < 4) {
        const parent: Element | null = node.parentElement;
        const same = parent ? [...parent.children].filter((c) => c.tagName === node!.tagName) : [];
        const nth = same.length > 1 ? `:nth-of-type(${same.indexOf(node) + 1})` : '';
        const cls = node.classList[0] ? `.${CSS.escape(node.classList[0])}` : '';
        parts.unshift(`${node.tagName.toLowerCase()}${cls}${nth}`);
        node = parent;
      }
      return parts.join(' > ');
    };
    const parse = (color: string): [number, number, number, number] | null => {
      const m = /rgba?\(([\d.]+),?\s*([\d.]+),?\s*([\d.]+)(?:,?\s*\/?\s*([\d.]+%?))?\)/.exec(color);
      if (!m) return null;
      const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number.parseFloat(m[4]) / 100 : Number(m[4]);
      return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
    };
    const luminance = ([r, g, b]: number[]) => {
      const c = [r!, g!, b!].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const contrast = (a: number[], b: number[]) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (l1! + 0.05) / (l2! + 0.05);
    };
    /** The colour behind an element: the first ancestor background that is opaque (a gradient's first colour). */
    const backdrop = (el: Element): number[] => {
      for (let node: Element | null = el.parentElement; node; node = node.parentElement) {
        const s = getComputedStyle(node);
        const c = parse(s.backgroundColor);
        if (c && c[3] > 0.5) return c;
        const gradient = /gradient\(.*?(rgba?\([^)]*\))/.exec(s.backgroundImage);
        if (gradient) return parse(gradient[1]!) ?? [255, 255, 255, 1];
      }
      return [255, 255, 255, 1];
    };
    /** What an indicator is drawn with, on an element: compared before and after the focus. */
    const look = (node: Element) => {
      const s = getComputedStyle(node);
      return { outlineStyle: s.outlineStyle, outlineWidth: s.outlineWidth, outlineColor: s.outlineColor, shadow: s.boxShadow, border: s.borderColor, borderWidth: s.borderTopWidth };
    };
    /** An indicator of 2px at 3:1 drawn on `node` by the focus (an outline, or a box shadow or border that changed). */
    const indicates = (node: Element, before: ReturnType<typeof look>, alwaysOutline: boolean) => {
      const after = look(node);
      const behind = backdrop(node);
      const outlineColor = parse(after.outlineColor);
      const outlineChanged = alwaysOutline || after.outlineStyle !== before.outlineStyle || after.outlineColor !== before.outlineColor;
      if (outlineChanged && after.outlineStyle !== 'none' && Number.parseFloat(after.outlineWidth) >= 2 && outlineColor && contrast(outlineColor, behind) >= 3) return true;
      const shadowColor = parse(after.shadow);
      if (after.shadow !== 'none' && after.shadow !== before.shadow && shadowColor && contrast(shadowColor, behind) >= 3) return true;
      const borderColor = parse(after.border);
      return after.border !== before.border && Number.parseFloat(after.borderWidth) >= 2 && !!borderColor && contrast(borderColor, behind) >= 3;
    };
    const header = document.querySelector('.site-header');
    for (const el of [...document.querySelectorAll<HTMLElement>(focusable)]) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Hidden, collapsed or visually hidden until focused (the skip link) elements are checked once they show.
      if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[hidden], [inert], [aria-hidden="true"]')) continue;
      if (box.width === 0 && box.height === 0 && !el.classList.contains('skip-link')) continue;
      // The element and the few ancestors that may draw its ring (a card around its link, a field around its input).
      const chain: Element[] = [el];
      for (let node = el.parentElement; node && chain.length < 4 && node !== document.body; node = node.parentElement) chain.push(node);
      const before = chain.map(look);
      el.focus();
      if (document.activeElement !== el) continue;
      // react-aria draws its rings from state (data-focus-visible): let React render once.
      if (el.closest('[data-rac]')) await frame();
      if (!chain.some((node, i) => indicates(node, before[i]!, i === 0))) {
        const f = getComputedStyle(el);
        findings.push({ selector: selectorOf(el), problem: `no focus indicator of 2px at 3:1 (outline ${f.outlineStyle} ${f.outlineWidth} ${f.outlineColor})` });
      }
      // Not entirely hidden by the sticky bar: some point of it must show the element itself.
      const now = el.getBoundingClientRect();
      if (header && !header.contains(el) && now.width > 0 && now.height > 0) {
        const points = [[0.5, 0.5], [0.1, 0.1], [0.9, 0.1], [0.1, 0.9], [0.9, 0.9]].map(([x, y]) => [now.left + x! * now.width, now.top + y! * now.height]);
        const seen = points.some(([x, y]) => {
          const hit = document.elementFromPoint(x!, y!);
          return hit !== null && (hit === el || el.contains(hit) || hit.contains(el));
        });
        const underBar = points.some(([x, y]) => header.contains(document.elementFromPoint(x!, y!)));
        if (!seen && underBar) findings.push({ selector: selectorOf(el), problem: 'focused but hidden under the sticky bar' });
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return findings;
  }, FOCUSABLE);
}

/** Targets of at least 24 × 24 px, or links in a sentence, or the spacing exception. */
export async function targetSizeFindings(page: Page): Promise<Finding[]> {
  return page.evaluate((focusable) => {
    const clippedAway = (el: HTMLElement) => {
      for (let node: HTMLElement | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') return true;
      }
      return false;
    };
    const targets = [...document.querySelectorAll<HTMLElement>(`${focusable}, [role="button"], [role="tab"], [role="radio"], [role="menuitem"], [role="option"]`)]
      .filter((el) => {
        const s = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return s.visibility !== 'hidden' && s.display !== 'none' && box.width > 1 && box.height > 1 && !el.closest('[aria-hidden="true"]')
          && !el.classList.contains('visually-hidden') && s.pointerEvents !== 'none'
          // Inside a box clipped away as react-aria's VisuallyHidden does (a DropZone's button for keyboards): no
          // pointer reaches it.
          && !clippedAway(el);
      });
    const findings: { selector: string; problem: string }[] = [];
    const boxes = targets.map((el) => el.getBoundingClientRect());
    const inSentence = (el: HTMLElement) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement;
      const text = (block?.textContent ?? '').replace(el.textContent ?? '', '').trim();
      return text.length > 0;
    };
    targets.forEach((el, i) => {
      const box = boxes[i]!;
      if (box.width >= 24 - 0.5 && box.height >= 24 - 0.5) return;
      if (inSentence(el)) return;
      // A native control whose label is its target (radio, checkbox) counts its label.
      if (el instanceof HTMLInputElement && el.labels?.length) {
        const label = el.labels[0]!.getBoundingClientRect();
        if (label.height >= 24 - 0.5) return;
      }
      // Spacing exception: a 24 px circle on the target's centre meets no other target.
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      const crowded = boxes.some((other, j) => {
        if (j === i || targets[j]!.contains(el) || el.contains(targets[j]!)) return false;
        const nx = Math.max(other.left, Math.min(cx, other.right));
        const ny = Math.max(other.top, Math.min(cy, other.bottom));
        return Math.hypot(nx - cx, ny - cy) < 12;
      });
      if (crowded) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
        findings.push({ selector: `${el.tagName.toLowerCase()}.${el.className.toString().split(' ')[0]} "${name}"`, problem: `${Math.round(box.width)}×${Math.round(box.height)} px, too close to another target` });
      }
    });
    return findings;
  }, FOCUSABLE);
}

/** Sideways scrolling of the page itself. */
export async function reflowFindings(page: Page): Promise<Finding[]> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow <= 0) return [];
  const culprits = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !el.closest('table, pre, code, .table-scroll'))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className.toString().split(' ')[0]}`));
  return [{ selector: culprits.join(', ') || 'html', problem: `the page scrolls sideways by ${overflow}px` }];
}

/**
 * Clipped text under the WCAG 1.4.12 text-spacing stylesheet. Parts the browser skips while off screen
 * (`content-visibility: auto`: posts, long threads) keep their last size until scrolled near, where they are laid out
 * again: they are measured laid out, as the reader sees them once there.
 */
export async function textSpacingFindings(page: Page): Promise<Finding[]> {
  const style = await page.addStyleTag({
    content:
      '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; content-visibility: visible !important; } ' +
      'p { margin-bottom: 2em !important; }',
  });
  await afterFrames(page);
  const findings = await page.evaluate(() => {
    const out: { selector: string; problem: string }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const s = getComputedStyle(el);
      const clips = (v: string) => v === 'hidden' || v === 'clip';
      if (!clips(s.overflowX) && !clips(s.overflowY)) continue;
      if (el.classList.contains('visually-hidden') || el.closest('.visually-hidden, [aria-hidden="true"]') || !el.textContent?.trim()) continue;
      // A carousel's viewport hides the slides beside the one shown, by design.
      if (el.classList.contains('slick-list')) continue;
      const box = el.getBoundingClientRect();
      // Visually hidden text (1 px, clipped on purpose) is for screen readers.
      if (box.width <= 1 || box.height <= 1) continue;
      // Cards clip their rounded corners; only text that does not fit counts.
      const cutY = clips(s.overflowY) && el.scrollHeight > el.clientHeight + 2;
      const cutX = clips(s.overflowX) && el.scrollWidth > el.clientWidth + 2;
      if (cutY || cutX) out.push({ selector: `${el.tagName.toLowerCase()}.${el.className.toString().split(' ')[0]}`, problem: `text clipped (${cutX ? 'width' : 'height'})` });
    }
    return out;
  });
  await style.evaluate((node) => (node as HTMLElement).remove());
  return findings;
}

/** Animations still running once the page has settled, under reduced motion. */
export async function motionFindings(page: Page): Promise<Finding[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running')
      .map((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target as Element | null;
        return { selector: target ? `${target.tagName.toLowerCase()}.${target.className.toString().split(' ')[0]}` : 'unknown', problem: 'animates under reduced motion' };
      }));
}

/** Controls that lose their boundary or their state in forced colours. */
export async function forcedColorFindings(page: Page): Promise<Finding[]> {
  return page.evaluate(() => {
    const out: { selector: string; problem: string }[] = [];
    const visible = (el: Element) => {
      const s = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return s.display !== 'none' && s.visibility !== 'hidden' && box.width > 2 && box.height > 2 && !el.closest('.visually-hidden, [aria-hidden="true"]');
    };
    const bounded = (el: Element) => {
      const s = getComputedStyle(el);
      return ['Top', 'Right', 'Bottom', 'Left'].some((side) => s.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none'
        && Number.parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`)) >= 1);
    };
    // Buttons that look like buttons (not text links) and fields need a boundary.
    for (const el of document.querySelectorAll<HTMLElement>('button.button, .field__input, input[type="text"], input[type="email"], input[type="password"], textarea, select')) {
      if (visible(el) && !bounded(el) && !(el.parentElement && bounded(el.parentElement))) out.push({ selector: `${el.tagName.toLowerCase()}.${el.className.toString().split(' ')[0]} "${el.textContent?.trim().slice(0, 30) ?? ''}"`, problem: 'no boundary in forced colours' });
    }
    // A selected or pressed control must differ from an unselected sibling in something the forced palette keeps.
    const keep = (el: Element) => {
      const s = getComputedStyle(el);
      const mark = getComputedStyle(el, '::before').content;
      return [s.borderTopStyle, s.borderBottomWidth, s.borderLeftWidth, s.outlineStyle, s.fontWeight, s.textDecorationLine, s.borderBottomStyle, s.borderLeftStyle, mark].join('|');
    };
    for (const el of document.querySelectorAll<HTMLElement>('[aria-pressed="true"], [aria-selected="true"], [aria-current="page"], [data-selected]')) {
      if (!visible(el)) continue;
      const sibling = [...(el.parentElement?.parentElement?.querySelectorAll<HTMLElement>(el.tagName) ?? [])].find(
        (o) => o !== el && !o.matches('[aria-pressed="true"], [aria-selected="true"], [aria-current], [data-selected]') && visible(o),
      );
      if (sibling && keep(sibling) === keep(el)) {
        out.push({ selector: `${el.tagName.toLowerCase()}.${el.className.toString().split(' ')[0]} "${el.textContent?.trim().slice(0, 30) ?? ''}"`, problem: 'its state shows only in colour' });
      }
    }
    return out;
  });
}

export const describeFindings = (label: string, findings: Finding[]) => findings.map((f) => `${label}: ${f.selector}: ${f.problem}`);

/**
 * Every check above on the screen as it stands at `width` (which it is at): motion (when `motion`, under reduced
 * motion), target size, focus, text spacing, reflow at 320 px (when `width` is 375), forced colours; then axe, on the
 * page scrolled back to its top. Returns the findings, each labelled; axe's violations fail at once.
 */
export async function screenFindings(
  page: Page, path: string, width: number,
  options: { motion: boolean; /** Called while forced colours are still on, with what they showed. */ forced?: (found: string[]) => Promise<void> },
): Promise<string[]> {
  const label = `${path} at ${width}px`;
  const findings: string[] = [];
  if (options.motion) findings.push(...describeFindings(label, await motionFindings(page)));
  findings.push(...describeFindings(label, await targetSizeFindings(page)));
  findings.push(...describeFindings(label, await focusFindings(page)));
  findings.push(...describeFindings(label, await textSpacingFindings(page)));
  if (width === 375) {
    await page.setViewportSize({ width: 320, height: 900 });
    await afterFrames(page);
    findings.push(...describeFindings(`${path} at 320px`, await reflowFindings(page)));
    await page.setViewportSize({ width, height: 900 });
  }
  await page.emulateMedia({ forcedColors: 'active' });
  await afterFrames(page);
  const forced = describeFindings(`${label}, forced colours`, await forcedColorFindings(page));
  findings.push(...forced);
  await options.forced?.(forced);
  await page.emulateMedia({ forcedColors: 'none' });
  // axe sees the page as it opens (the checks above scrolled it; the sticky bar would cover what is at the top).
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page, label);
  return findings;
}
