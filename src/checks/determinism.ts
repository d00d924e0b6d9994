// Check 8's second look: the outputs of two runs of the same sample input, compared the way check 12
// would compare them (each output's comparator with its built-in tolerance), so a value that only
// moves within what a fixture would accept is not reported (docs/checks.md, check 8).
import path from 'node:path';
import { comparatorFor } from '../comparators/index.js';
import { compareBounded } from '../comparators/bounded/bounded.js';
import type { Manifest, OutputSpec } from '../model/manifest.js';
import { loadTolerance } from '../tolerance/load.js';
import { resolveTolerance } from '../tolerance/resolve.js';
import type { Tolerance } from '../model/tolerance.js';
import { ownValue } from '../util/own.js';
import { stringifyJson } from '../util/python-json.js';

/** A second /run is sent only when the first answered within this; a slow tool is not run twice. */
export const DETERMINISM_MAX_RUN_MS = 5000;

const same = (a: unknown, b: unknown) => stringifyJson(a) === stringifyJson(b);

/** Modes with which tolerance.yaml declares an output random (or not compared at all). */
const VARYING_MODES = new Set(['distribution', 'band', 'skip']);

/**
 * Changed outputs whose changing tolerance.yaml already expects, so it is not news: those it declares
 * random, and those that changed only in fields its `ignore_fields` leaves out.
 */
export async function expectedToVary(
  toolDir: string,
  manifest: Manifest,
  changed: readonly OutputSpec[],
  first: Record<string, unknown>,
  second: Record<string, unknown>,
): Promise<Set<string>> {
  const { config } = loadTolerance(path.join(toolDir, 'reference'), { outputs: manifest.outputs, comparatorFor });
  const keys = new Set<string>();
  for (const o of changed) {
    const comparator = comparatorFor(o.type);
    const resolved = resolveTolerance(o.key, o.type, config, undefined, comparator);
    if (resolved.compare && VARYING_MODES.has(resolved.compare)) keys.add(o.key);
    else if (resolved.ignore_fields !== undefined) {
      const tolerance = { ...comparator.defaults(o.type), ignore_fields: resolved.ignore_fields };
      if (await sameUnder(o, ownValue(first, o.key), ownValue(second, o.key), tolerance)) keys.add(o.key);
    }
  }
  return keys;
}

async function sameUnder(spec: OutputSpec, a: unknown, b: unknown, tolerance: Tolerance): Promise<boolean> {
  try {
    const r = await comparatorFor(spec.type).compare({
      key: spec.key,
      type: spec.type,
      expected: a,
      actual: b,
      tolerance,
    });
    return r.status !== 'fail';
  } catch {
    return false;
  }
}

/** Declared outputs whose values differ between the two responses. */
export async function differingOutputs(
  outputs: readonly OutputSpec[],
  first: Record<string, unknown>,
  second: Record<string, unknown>,
): Promise<OutputSpec[]> {
  const differing: OutputSpec[] = [];
  for (const spec of outputs) {
    const [a, b] = [ownValue(first, spec.key), ownValue(second, spec.key)];
    if (same(a, b)) continue;
    const comparator = comparatorFor(spec.type);
    try {
      const r = await compareBounded(comparator, {
        key: spec.key,
        type: spec.type,
        expected: a,
        actual: b,
        tolerance: comparator.defaults(spec.type),
      });
      if (r.status === 'fail') differing.push(spec);
    } catch {
      // a comparator fault is pixie's; the values differ as bytes, and that is what we can say
      differing.push(spec);
    }
  }
  return differing;
}
