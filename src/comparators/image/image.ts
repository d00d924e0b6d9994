// The image comparator: image, image_grid and image_compare. Identical bytes pass before anything
// is decoded; otherwise sharp decodes both sides to RGBA, different sizes fail, and the mode decides
// on the pixels (compare-rgba.ts, pure). Every failing comparison of two decodable images carries a
// diff PNG in `artifacts`. Without sharp it degrades to size + SHA-256, loudly.
import type { OutputType } from '../../model/manifest.js';
import type { Difference } from '../../model/report.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { parseRegions, type Region } from '../kit/regions.js';
import { garbageResult, skipped, unknownModeResult } from '../kit/result.js';
import type { Comparator, ComparisonResult } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';

import { loadSharp } from './decode.js';
import { messages } from './messages.js';
import { comparePair, type PairOutcome } from './pair.js';
import {
  IMAGE_DEFAULTS,
  IMAGE_MODES,
  IMAGE_OPTIONS,
  IMAGE_TYPES,
  MODE_ALIASES,
  settingsOf,
  type CanonicalMode,
  type ImageSettings,
} from './settings.js';

function ruleOf(settings: ImageSettings): string {
  switch (settings.mode) {
    case 'histogram':
      return messages.histogramRule(settings);
    case 'ssim':
      return messages.ssimRule(settings);
    case 'pixel':
      return messages.pixelRule(settings);
    case 'sha256':
      return messages.bytesRule();
  }
}

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
    rule: degraded ? messages.degradedRule(degraded.package, rule) : rule,
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
  const rule = messages.withRegions(ruleOf(settings), regions.length);
  const fail = (message: string): ComparisonResult => garbageResult(message, expected, actual, tolerance, rule);
  if (type === 'image_grid') {
    const ex = gridImages(expected);
    if (!ex) return fail(messages.notAGrid('expected', key, expected));
    const ac = gridImages(actual);
    if (!ac) return fail(messages.notAGrid('actual', key, actual));
    const extra: Difference[] =
      ex.length === ac.length
        ? []
        : [
            {
              path: 'images',
              message: messages.imageCount(ex.length, ac.length),
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
            messages.imagesDiffer(parts.filter((p) => !p.ok).length, parts.length),
            ...parts.filter((p) => !p.ok).map((p) => p.metric),
          ]
            .filter(Boolean)
            .join('; ')
        : messages.imagesMatch(
            parts.length,
            parts.length ? parts.reduce((w, p) => (p.score < w.score ? p : w)).metric : null,
          ),
    );
  }
  if (type === 'image_compare') {
    if (!isPlainObject(expected)) return fail(messages.notAComparison('expected', key, expected));
    if (!isPlainObject(actual)) return fail(messages.notAComparison('actual', key, actual));
    const parts: PairOutcome[] = [];
    const extra: Difference[] = [];
    for (const side of ['before', 'after'] as const) {
      const inE = expected[side] !== undefined,
        inA = actual[side] !== undefined;
      if (!inE && !inA) continue;
      if (inE !== inA) {
        extra.push({ path: side, message: messages.sideAbsent(side, inE) });
        continue;
      }
      parts.push(await comparePair(expected[side], actual[side], { key, path: side, settings, regions }));
    }
    return combine(parts, extra, tolerance, expected, actual, rule, (failed) =>
      failed
        ? [
            ...extra.map((d) => d.message),
            ...parts.filter((p) => !p.ok).map((p) => messages.sideMetric(p.path, p.metric)),
          ].join('; ')
        : parts.map((p) => messages.sideMetric(p.path, p.metric)).join('; ') || messages.neitherSide(),
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
  messages,
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
          ? messages.regionWithPage()
          : null;
    if (problem || 'problem' in parsed)
      return garbageResult(messages.badTolerance(key, problem!), expected, actual, tolerance, 'ignore_regions');
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
