/**
 * The staff analytics' charts (ADR 141), drawn on the server by Observable Plot into a server DOM (linkedom), then
 * read back as a tree of SVG shapes (the quiz cards' shape): only the tags and attributes listed here survive, with
 * React's names, and Plot's <style> element is dropped (its two rules live in the page's CSS, staff-analytics.css).
 * Colours are dark enough for 4.5:1 on white, and every series carries a direct label, so no chart speaks by colour alone.
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import type { Chart } from '../../src/contract/staff-analytics';
import type { SvgNode, SvgTag } from '../../src/domain/quiz-cards';

/** Dark enough to read as text on white (each above 4.5:1). */
export const CHART_COLOURS = ['#1f5fa8', '#b3261e', '#2e6b30', '#6a3d9a', '#8a4b00', '#00695c', '#ad1457', '#424242'];

const TAGS: ReadonlySet<string> = new Set<SvgTag>(['g', 'rect', 'circle', 'path', 'line', 'text', 'tspan']);
const ATTRIBUTES: Readonly<Record<string, string>> = Object.fromEntries(
  ['x', 'y', 'x1', 'x2', 'y1', 'y2', 'dx', 'dy', 'cx', 'cy', 'r', 'd', 'width', 'height', 'transform', 'fill', 'stroke',
    'stroke-width', 'stroke-opacity', 'fill-opacity', 'stroke-linecap', 'stroke-linejoin', 'stroke-dasharray', 'stroke-miterlimit',
    'text-anchor', 'font-size', 'font-family', 'font-weight', 'font-variant', 'paint-order']
    .map((name) => [name, name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())]),
);

type El = { tagName: string; attributes: ArrayLike<{ name: string; value: string }>; childNodes: ArrayLike<Node>; textContent: string | null };

function attrsOf(element: El): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const { name, value } of Array.from(element.attributes)) {
    const react = ATTRIBUTES[name.toLowerCase()];
    if (react) attrs[react] = value;
  }
  return attrs;
}

function nodeOf(element: El): SvgNode | null {
  const tag = element.tagName.toLowerCase();
  if (!TAGS.has(tag)) return null;
  const elements = Array.from(element.childNodes).filter((n) => n.nodeType === 1) as unknown as El[];
  if (elements.length === 0 && (tag === 'text' || tag === 'tspan')) return { tag: tag as SvgTag, attrs: attrsOf(element), text: element.textContent ?? '' };
  const children = elements.map(nodeOf).filter((n): n is SvgNode => n !== null);
  return { tag: tag as SvgTag, attrs: attrsOf(element), children };
}

/** Plot's SVG as a drawing: the root's presentation attributes move onto one group; anything else not listed is dropped. */
export function drawingOf(svg: Element): { width: number; height: number; nodes: SvgNode[] } {
  const root = svg as unknown as El;
  const { width: _w, height: _h, ...presentation } = attrsOf(root);
  const children = (Array.from(root.childNodes).filter((n) => n.nodeType === 1) as unknown as El[]).map(nodeOf).filter((n): n is SvgNode => n !== null);
  return {
    width: Number(svg.getAttribute('width')),
    height: Number(svg.getAttribute('height')),
    nodes: [{ tag: 'g', attrs: { ...presentation, fontSize: 12 }, children }],
  };
}

function draw(title: string, summary: string, options: Plot.PlotOptions): Chart {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const svg = Plot.plot({ ...options, document: document as unknown as Document }) as unknown as Element;
  return { title, summary, ...drawingOf(svg) };
}

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const WIDTH = 520;

const LINE = { height: 320, marginTop: 24, marginBottom: 36, labelGap: 14 };

/**
 * Where each series' label goes at the end of its line: at its last value, moved apart by at least a line of text so
 * that no label covers another (in the y scale's units, for a scale from 0 to `top` without nicing).
 */
export function labelPositions(last: readonly { series: string; value: number }[], top: number): Map<string, number> {
  const inner = LINE.height - LINE.marginTop - LINE.marginBottom;
  const pixels = [...last].sort((a, b) => b.value - a.value).map((l) => ({ series: l.series, px: LINE.marginTop + (1 - l.value / top) * inner }));
  for (let i = 1; i < pixels.length; i++) pixels[i]!.px = Math.max(pixels[i]!.px, pixels[i - 1]!.px + LINE.labelGap);
  const lowest = LINE.height - LINE.marginBottom + 6;
  for (let i = pixels.length - 1; i >= 0; i--) {
    const below = i === pixels.length - 1 ? lowest : pixels[i + 1]!.px - LINE.labelGap;
    pixels[i]!.px = Math.min(pixels[i]!.px, below);
  }
  return new Map(pixels.map((p) => [p.series, (1 - (p.px - LINE.marginTop) / inner) * top]));
}

/** Lines of numbers by date, each labelled at its end, with a different mark at each point. */
export function lineChart(title: string, summary: string, points: readonly { date: string; series: string; value: number }[], yLabel: string): Chart {
  const data = points.map((p) => ({ ...p, date: utcDay(p.date) }));
  const series = [...new Set(points.map((p) => p.series))];
  const top = Math.max(1, ...points.map((p) => p.value));
  const ends = series.map((s) => data.filter((p) => p.series === s).at(-1)!).filter(Boolean);
  const placed = labelPositions(ends, top);
  const labels = ends.map((e) => ({ ...e, value: placed.get(e.series) ?? e.value }));
  return draw(title, summary, {
    width: WIDTH, height: LINE.height, marginTop: LINE.marginTop, marginRight: 110, marginBottom: LINE.marginBottom,
    x: { type: 'utc', label: null, tickFormat: '%b %-d', ticks: 6 },
    y: { label: yLabel, grid: true, domain: [0, top], ticks: Math.min(6, top), tickFormat: 'd' },
    color: { domain: series, range: CHART_COLOURS },
    symbol: { domain: series, range: ['circle', 'square', 'triangle', 'diamond', 'star', 'cross', 'wye', 'plus'] },
    marks: [
      Plot.ruleY([0]),
      Plot.lineY(data, { x: 'date', y: 'value', z: 'series', stroke: 'series', strokeWidth: 2 }),
      Plot.dot(data, { x: 'date', y: 'value', stroke: 'series', symbol: 'series', r: 2.5 }),
      Plot.text(labels, { x: 'date', y: 'value', text: 'series', fill: 'series', dx: 6, textAnchor: 'start' }),
    ],
  });
}

/** Horizontal bars, one per label, each with its value written at its end. */
export function barChart(title: string, summary: string, bars: readonly { label: string; value: number; text: string }[], xLabel: string, xMax?: number): Chart {
  const rows = bars.length ? bars : [{ label: '(none)', value: 0, text: '0' }];
  const top = xMax ?? Math.max(1, ...rows.map((b) => b.value));
  return draw(title, summary, {
    width: WIDTH, height: 40 + rows.length * 28, marginLeft: 150, marginRight: 100,
    x: { label: xLabel, grid: true, domain: [0, top], nice: !xMax, ticks: Math.min(5, top), tickFormat: 'd' },
    y: { label: null, domain: rows.map((b) => b.label), tickFormat: (l: string) => (l.length > 22 ? `${l.slice(0, 21)}…` : l) },
    marks: [
      Plot.barX(rows, { x: 'value', y: 'label', fill: CHART_COLOURS[0] }),
      Plot.text(rows, { x: 'value', y: 'label', text: 'text', dx: 6, textAnchor: 'start', fill: '#1a1a1a' }),
      Plot.ruleX([0]),
    ],
  });
}

export const FUNNEL_STAGES = ['Enrolled', 'Finished the lessons', 'Passed', 'Certified'] as const;

/** Per course, four bars from enrolled to certified, the course's title above them. */
export function funnelChart(title: string, summary: string, courses: readonly { title: string; counts: readonly number[] }[]): Chart {
  const rows = courses.flatMap((c) => FUNNEL_STAGES.map((stage, i) => ({ course: c.title, stage, value: c.counts[i] ?? 0 })));
  if (rows.length === 0) return barChart(title, summary, [], 'Members');
  const top = Math.max(1, ...rows.map((r) => r.value));
  return draw(title, summary, {
    width: WIDTH, height: 30 + courses.length * 130, marginLeft: 130, marginRight: 50, marginTop: 24,
    fy: { axis: null, domain: courses.map((c) => c.title), padding: 0.25 },
    y: { label: null, domain: [...FUNNEL_STAGES] },
    x: { label: 'Members', grid: true, domain: [0, top], nice: true, ticks: Math.min(5, top), tickFormat: 'd' },
    color: { domain: [...FUNNEL_STAGES], range: CHART_COLOURS.slice(0, 4) },
    marks: [
      Plot.barX(rows, { x: 'value', y: 'stage', fy: 'course', fill: 'stage' }),
      Plot.text(rows, { x: 'value', y: 'stage', fy: 'course', text: (d: { value: number }) => String(d.value), dx: 6, textAnchor: 'start', fill: '#1a1a1a' }),
      Plot.text(courses, { fy: 'title', text: 'title', frameAnchor: 'top-left', dy: -16, dx: -120, fontWeight: 'bold', textAnchor: 'start' }),
      Plot.ruleX([0]),
    ],
  });
}
