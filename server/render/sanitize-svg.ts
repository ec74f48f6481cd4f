/**
 * An editor's SVG through an allowlist (ADR 158): shapes, text, gradients, clips and masks with their presentation
 * attributes; no script, no event handler, no foreignObject, no style sheet, no link or reference outside the file
 * (a `href` is a fragment of the same file or goes), no DOCTYPE or entity. What comes out is drawn by sharp before it
 * is kept, so a file that is not an SVG at all is refused.
 */
import sanitizeHtml from 'sanitize-html';

const ELEMENTS = [
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'marker', 'image',
];

const ATTRIBUTES = [
  'id', 'class', 'viewBox', 'preserveAspectRatio', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx',
  'ry', 'fx', 'fy', 'd', 'points', 'transform', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity',
  'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'clip-path',
  'clip-rule', 'mask', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline',
  'letter-spacing', 'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod',
  'patternUnits', 'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'markerWidth',
  'markerHeight', 'refX', 'refY', 'orient', 'markerUnits', 'marker-start', 'marker-mid', 'marker-end', 'href', 'xlink:href',
  'xmlns', 'xmlns:xlink', 'version', 'role', 'aria-label', 'aria-hidden', 'focusable', 'dx', 'dy', 'startOffset', 'display',
  'visibility', 'vector-effect', 'shape-rendering', 'text-rendering', 'color',
];

/** A reference inside the file: '#id'. Anything else (a URL, data:, javascript:) is dropped. */
const LOCAL_REF = /^#[\w.-]+$/;
/** A paint or clip reference: only url(#id). */
const FOREIGN_URL = /url\s*\(\s*(?!['"]?#)/i;

const options: sanitizeHtml.IOptions = {
  allowedTags: ELEMENTS,
  allowedAttributes: { '*': ATTRIBUTES },
  // Every attribute value is checked below; no scheme is needed for a fragment.
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'option', 'noscript', 'iframe'],
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
  transformTags: {
    '*': (tagName, attribs) => {
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(attribs)) {
        if ((name === 'href' || name === 'xlink:href') && !LOCAL_REF.test(value.trim())) continue;
        if (FOREIGN_URL.test(value)) continue;
        kept[name] = value;
      }
      return { tagName, attribs: kept };
    },
  },
};

/** The SVG made safe, or null when it declares a DOCTYPE or entities (refused outright) or has no <svg> root left. */
export function sanitizeSvg(source: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) return null;
  const clean = sanitizeHtml(source.replace(/^\uFEFF/, '').replace(/<\?xml[^>]*\?>/, ''), options).trim();
  if (!clean.startsWith('<svg')) return null;
  const withNamespace = /\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(clean.slice(0, clean.indexOf('>'))) ? clean : clean.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${withNamespace}\n`;
}

/** Whether the bytes look like an SVG document (text whose first element is <svg>, after any prolog or comment). */
export function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(head);
}
