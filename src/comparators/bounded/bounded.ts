// Every comparison bounded in time and memory (docs/comparators.md#limits): the heavy ones (PDF,
// image and SVG decoding, audio, regex, files) run in a comparison process
// (child-pool.ts) that is stopped at PIXIE_MAX_COMPARE_SECONDS or PIXIE_MAX_COMPARE_MB; the rest,
// linear in their values, run here. Crossing a limit is that output's failure naming the limit.
import { formatSize, limit, limitHint } from '../../limits.js';
import type { OutputType } from '../../model/manifest.js';
import type { Comparator, ComparisonResult } from '../types.js';
import { type ChildOutcome, prestart, runInChild } from './child-pool.js';
import { messages } from './messages.js';
import type { CompareRequest, CrossedLimit } from './protocol.js';

const HEAVY_FAMILIES = new Set(['image', 'audio', 'file']);
const CHEAP_MODES = new Set(['skip', 'sha256', 'size_sha256']);

/** Whether a comparison runs in the comparison process. */
export function isHeavy(family: string, input: CompareRequest['input']): boolean {
  const mode = input.tolerance.compare;
  if (typeof mode === 'string' && CHEAP_MODES.has(mode)) return false;
  if (HEAVY_FAMILIES.has(family)) return true;
  // structured values stay here whatever their size: their comparators are linear, and a process
  // boundary (structured clone) would lose what they are held as (exact numbers, a large table's
  // rows held as columns: util/json-number.ts, util/row-columns.ts)
  return family === 'text' && mode === 'regex';
}

/** The limit a comparison crossed, as its failure. */
function overLimit(input: CompareRequest['input'], message: string): ComparisonResult {
  return {
    status: 'fail',
    score: 0,
    metric: message,
    rule: messages.rule(String(limit('compareSeconds')), formatSize(limit('compareBytes'))),
    expected: input.expected,
    actual: input.actual,
    tolerance: input.tolerance,
    differences: [{ path: '', message }],
  };
}

function crossedMessage(c: CrossedLimit): string {
  if (c.limit === 'decoded') return messages.decoded(limitHint('decodedBytes'));
  return messages.pdfImage(4096 * 4096);
}

function outcomeResult(input: CompareRequest['input'], outcome: ChildOutcome): ComparisonResult {
  if ('reply' in outcome) {
    const r = outcome.reply;
    if ('result' in r) return r.result;
    if ('crossed' in r) return overLimit(input, crossedMessage(r.crossed));
    // the comparator threw: pixie's fault, reported as run-fixtures reports one thrown here
    throw new Error(messages.threw(r.error));
  }
  if (outcome.stopped === 'time') return overLimit(input, messages.time(limit('compareSeconds')));
  if (outcome.stopped === 'memory')
    return overLimit(input, messages.memory(formatSize(outcome.bytes), limitHint('compareBytes')));
  return overLimit(input, messages.crashed(outcome.why));
}

/**
 * The head start of a comparator for one output of tool.json (as written): a heavy family's decoders
 * load in a comparison process started now, where its comparisons will run; the others load here.
 */
export function warmBounded(comparator: Comparator, type: OutputType, output: Record<string, unknown>): void {
  if (!comparator.warm) return;
  if (HEAVY_FAMILIES.has(comparator.name)) prestart(heapMb(), { type, output });
  else comparator.warm(output);
}

const heapMb = (): number => Math.max(64, Math.floor(limit('compareBytes') / (1024 * 1024)));

/**
 * The comparator's result for one output, within pixie's limits: a heavy comparison runs in the
 * comparison process and ends by its deadline; the others run here, as before.
 */
export async function compareBounded(
  comparator: Comparator,
  input: CompareRequest['input'],
): Promise<ComparisonResult> {
  if (!isHeavy(comparator.name, input)) return comparator.compare(input);
  const outcome = await runInChild(input, limit('compareSeconds') * 1000, limit('compareBytes'));
  return outcomeResult(input, outcome);
}
