/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that with `new Function("")`. The site's
 * Content-Security-Policy forbids eval (ADR 062), and the probe alone reports a violation: zod is told to stay
 * jitless. This module sets zod's global config before zod loads, without loading zod into the first paint. Imported
 * first by main.tsx.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
