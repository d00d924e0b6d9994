// The image comparator: image, image_grid and image_compare. Identical bytes pass before anything
// is decoded; otherwise sharp decodes both sides to RGBA, different sizes fail, and the mode decides
// on the pixels (compare-rgba.ts, pure). Every failing comparison of two decodable images carries a
// diff PNG in `artifacts`. Without sharp it degrades to size + SHA-256, loudly.
import type { OutputType } from '../../model/manifest.js';
import type { Difference } from '../../model/report.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { parseRegions, type Region } from '../kit/regions.js';
import { garbageResult, skipped, unknownModeResult } from '../kit/result.js';
import { describeValue } from '../kit/value.js';
import type { Comparator, ComparisonResult } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';

import { loadSharp } from './decode.js';
import { comparePair, type PairOutcome } from './pair.js';
import {
  IMAGE_DEFAULTS,
  IMAGE_MODES,
  IMAGE_OPTIONS,
  IMAGE_TYPES,
  MODE_ALIASES,
  ruleOf,
  settingsOf,
  type CanonicalMode,
} from './settings.js';

/** image_grid values: `{images: [...]}` or a bare list; items are strings or `{value, label?}`. */
function gridImages(v: unknown): unknown[] | null {
  if (Array.isArray(v)) return v;
  if (isPlainObject(v) && Array.isArray(v.images)) return v.images;
  return null;
}

function combine(
  parts: PairOutcome[],
  extraDiffs: Difference[],
  tolerance: Tolerance,
  expected: unknown,
  actual: unknown,
  rule: string,
  summary: (failed: number) => string,
): ComparisonResult {
  const failed = parts.filter((p) => !p.ok).length + extraDiffs.length;
  const differences = [...extraDiffs, ...parts.flatMap((p) => p.differences)];
  const artifacts = parts.flatMap((p) => p.artifacts);
  const degraded = parts.find((p) => p.degraded)?.degraded;
  const score = Math.min(extraDiffs.length ? 0 : 1, ...parts.map((p) => p.score));
  const result: ComparisonResult = {
    status: failed ? 'fail' : 'pass',
    score,
    metric: summary(failed),
    expected,
    actual,
    tolerance,
    rule: degraded
      ? `identical bytes (size + SHA-256), because ${degraded.package} could not be loaded (instead of: ${rule})`
      : rule,
  };
  if (differences.length) result.differences = differences;
  if (artifacts.length) result.artifacts = artifacts;
  if (degraded) result.degraded = degraded;
  return result;
}

async function compareImages(
  key: string,
  type: OutputType,
  expected: unknown,
  actual: unknown,
  tolerance: Tolerance,
  mode: CanonicalMode,
  regions: readonly Region[],
): Promise<ComparisonResult> {
  const settings = settingsOf(tolerance, mode);
  const rule = `${ruleOf(settings)}${regions.length ? `; ${regions.length} ignore region(s) left out` : ''}`;
  if (type === 'image_grid') {
    const ex = gridImages(expected);
    if (!ex)
      return garbageResult(
        `expected image_grid for output '${key}' in the fixture is ${describeValue(expected)}, not {images: [...]}`,
        expected,
        actual,
        tolerance,
        rule,
      );
    const ac = gridImages(actual);
    if (!ac)
      return garbageResult(
        `actual image_grid for output '${key}' is ${describeValue(actual)}, not {images: [...]}`,
        expected,
        actual,
        tolerance,
        rule,
      );
    const extra: Difference[] =
      ex.length === ac.length
        ? []
        : [
            {
              path: 'images',
              message: `image count differs: expected ${ex.length}, got ${ac.length}`,
              expected: ex.length,
              actual: ac.length,
            },
          ];
    const parts: PairOutcome[] = [];
    for (let i = 0; i < Math.min(ex.length, ac.length); i++)
      parts.push(await comparePair(ex[i], ac[i], { key, path: `images[${i}]`, settings, regions }));
    return combine(parts, extra, tolerance, expected, actual, rule, (failed) =>
      failed
        ? [
            extra[0]?.message,
            `${parts.filter((p) => !p.ok).length} of ${parts.length} image(s) differ`,
            ...parts.filter((p) => !p.ok).map((p) => p.metric),
          ]
            .filter(Boolean)
            .join('; ')
        : `all ${parts.length} image(s) match${parts.length ? ` (worst: ${parts.reduce((w, p) => (p.score < w.score ? p : w)).metric})` : ''}`,
    );
  }
  if (type === 'image_compare') {
    if (!isPlainObject(expected))
      return garbageResult(
        `expected image_compare for output '${key}' in the fixture is ${describeValue(expected)}, not {before, after}`,
        expected,
        actual,
        tolerance,
        rule,
      );
    if (!isPlainObject(actual))
      return garbageResult(
        `actual image_compare for output '${key}' is ${describeValue(actual)}, not {before, after}`,
        expected,
        actual,
        tolerance,
        rule,
      );
    const parts: PairOutcome[] = [];
    const extra: Difference[] = [];
    for (const side of ['before', 'after'] as const) {
      const inE = expected[side] !== undefined,
        inA = actual[side] !== undefined;
      if (!inE && !inA) continue;
      if (inE !== inA) {
        extra.push({
          path: side,
          message: `'${side}' is ${inE ? 'missing from the actual value' : 'not in the expected value'}`,
        });
        continue;
      }
      parts.push(await comparePair(expected[side], actual[side], { key, path: side, settings, regions }));
    }
    return combine(parts, extra, tolerance, expected, actual, rule, (failed) =>
      failed
        ? [...extra.map((d) => d.message), ...parts.filter((p) => !p.ok).map((p) => `${p.path}: ${p.metric}`)].join(
            '; ',
          )
        : parts.map((p) => `${p.path}: ${p.metric}`).join('; ') || 'neither before nor after present',
    );
  }
  const part = await comparePair(expected, actual, { key, path: '', settings, regions });
  return combine([part], [], tolerance, expected, actual, rule, () => part.metric);
}

export const imageComparator: Comparator = {
  warm: () => void loadSharp(),
  name: 'image',
  types: IMAGE_TYPES,
  modes: IMAGE_MODES,
  options: IMAGE_OPTIONS,
  defaults(_type: OutputType): Tolerance {
    return { ...IMAGE_DEFAULTS };
  },
  async compare({ key, type, expected, actual, tolerance }): Promise<ComparisonResult> {
    const mode = tolerance.compare ?? IMAGE_DEFAULTS.compare;
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    if (!(IMAGE_MODES as readonly string[]).includes(mode))
      return unknownModeResult(mode, IMAGE_MODES, expected, actual, tolerance);
    const parsed = parseRegions(tolerance.ignore_regions);
    const problem =
      'problem' in parsed
        ? parsed.problem
        : parsed.regions.some((r) => r.page !== undefined)
          ? 'ignore_regions: page is for PDF pages; an image region has only x, y, width and height'
          : null;
    if (problem || 'problem' in parsed)
      return garbageResult(`tolerance for output '${key}': ${problem}`, expected, actual, tolerance, 'ignore_regions');
    // bad values and undecodable bytes are `fail`s inside; anything that still throws is pixie's bug
    return compareImages(
      key,
      type,
      expected,
      actual,
      tolerance,
      MODE_ALIASES[mode] ?? (mode as CanonicalMode),
      parsed.regions,
    );
  },
};
