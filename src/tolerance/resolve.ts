// Tolerance resolution: most specific first — the fixture's tolerance[key], then the
// per-key entry (short form or overrides), then defaults[type], then the project's tolerances[type]
// (pixie.config, folded into defaults by withProjectDefaults), then the comparator's built-in
// defaults. Merging is per field, and nested mappings ('tolerance'-kind options such as
// `series: {abs}` or `columns: {amount: {abs}}`) merge per field too, so setting only `rel`
// keeps the lower layer's `abs`. Built-in defaults are the one exception (docs/tolerance.md,
// "One rule for built-in defaults"): once an author sets `abs` or `rel` for an output at any depth
// (in any layer: `abs`, `series: {abs}`, `columns: {amount: {rel}}`), pixie's built-in abs/rel step
// aside at every depth, so `series: {abs: 0.01}` is not silently widened by the chart's built-in
// `rel: 1e-3`, which nested blocks would otherwise inherit from the top level.
import type { Comparator } from '../comparators/types.js';
import type { Tolerance } from '../model/tolerance.js';
import type { OutputType } from '../model/manifest.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { NUMERIC_SYNONYMS } from './block.js';
import type { ToleranceConfig } from './config.js';
import { setOwn } from '../util/own.js';

/** Renames atol/float_atol → abs and rtol/float_rtol → rel, at any depth (loaders already do this). */
function normalise(block: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // canonical spellings win over synonyms when both are present
  for (const [k, v] of Object.entries(block)) {
    const canonical = Object.hasOwn(NUMERIC_SYNONYMS, k) ? NUMERIC_SYNONYMS[k] : undefined;
    if (canonical && canonical !== k && Object.hasOwn(block, canonical)) continue;
    setOwn(out, canonical ?? k, isPlainObject(v) ? normalise(v) : v);
  }
  return out;
}

/** Whether a block sets `abs` or `rel` at any depth (after normalising synonyms). */
function setsNumeric(block: Record<string, unknown>): boolean {
  return Object.entries(block).some(([k, v]) => k === 'abs' || k === 'rel' || (isPlainObject(v) && setsNumeric(v)));
}

/** The block without `abs`/`rel` at any depth; a nested mapping left empty goes too. */
function withoutNumeric(block: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(block)) {
    if (k === 'abs' || k === 'rel') continue;
    if (!isPlainObject(v)) setOwn(out, k, v);
    else {
      const inner = withoutNumeric(v);
      if (Object.keys(inner).length > 0 || Object.keys(v).length === 0) setOwn(out, k, inner);
    }
  }
  return out;
}

function mergeInto(lower: Record<string, unknown>, upper: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...lower };
  for (const [k, v] of Object.entries(upper)) {
    if (v === undefined) continue;
    const below = out[k];
    out[k] = isPlainObject(v) && isPlainObject(below) ? mergeInto(below, v) : v;
  }
  return out;
}

export function resolveTolerance(
  key: string,
  type: OutputType,
  config: ToleranceConfig,
  fixtureTolerance: Tolerance | undefined,
  comparator: Comparator,
): Tolerance {
  const authored = [
    config.defaults[type],
    Object.hasOwn(config.overrides, key) ? config.overrides[key] : undefined,
    fixtureTolerance,
  ]
    .filter((l): l is Tolerance => !!l)
    .map(normalise);
  const defaults = normalise(comparator.defaults(type));
  const builtIn = authored.some(setsNumeric) ? withoutNumeric(defaults) : defaults;
  let resolved: Record<string, unknown> = {};
  for (const layer of [builtIn, ...authored]) resolved = mergeInto(resolved, layer);
  return resolved as Tolerance;
}

/** The tool's config with the project's per-type tolerances merged beneath its own defaults. */
export function withProjectDefaults(
  config: ToleranceConfig,
  project: Partial<Record<OutputType, Tolerance>> | undefined,
): ToleranceConfig {
  if (!project || Object.keys(project).length === 0) return config;
  const defaults: ToleranceConfig['defaults'] = { ...config.defaults };
  for (const [type, block] of Object.entries(project) as [OutputType, Tolerance][]) {
    const own = defaults[type];
    defaults[type] = (own ? mergeInto(normalise(block), normalise(own)) : normalise(block)) as Tolerance;
  }
  return { ...config, defaults };
}
