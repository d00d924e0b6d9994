// What a fixture's result says when it ran: its line counts the outputs its comparators judged apart
// from those they did not (`compare: skip`, or a degraded comparison whose bytes differ) and those
// judged by their bytes alone because a package was missing (docs/fixtures.md, running a fixture);
// and the rows of a fixture that asserts no outputs, each a new expectation from the answer.
import type { OutputSpec } from '../model/manifest.js';
import { NEW_EXPECTATION, type OutputComparison, type Status } from '../model/report.js';
import { excerpt } from '../source/excerpt.js';
import type { MessageTable } from '../util/message-table.js';

export const messages = {
  noOutputs: (n: number) =>
    `the fixture asserts no outputs (expected_outputs is empty): the answer's ${n} output(s) wait as new expectations (pixie review accepts them; --update-fixtures --yes writes them)`,
  newExpectation: () => 'no expected value yet: this is what the tool answered',
  newExpectationRule: () => 'the fixture asserts no outputs',
  allSkipped: () => 'every output comparison was skipped',
  differ: (failed: number, judged: number) => `${failed} of ${judged} output(s) differ`,
  someWarned: (matched: number, judged: number, warned: number) =>
    `${matched} of ${judged} compared output(s) matched, ${warned} with warnings`,
  allMatched: (judged: number) => `all ${judged} compared output(s) matched`,
  bytesOnly: (n: number, packages: string[]) =>
    ` (${n} by size + SHA-256 only: ${packages.join(', ')} could not be loaded)`,
  notJudged: (n: number, why: string[]) => `${n} not judged: ${why.join(', ')}${n > why.length ? ', …' : ''}`,
  skippedWhy: (key: string) => `'${excerpt(key)}' (compare: skip)`,
  degradedWhy: (key: string, pkg: string) => `'${excerpt(key)}' (${pkg} could not be loaded and the bytes differ)`,
  ignored: (n: number) =>
    `${n} expected output(s) missing from the response and ignored (on_missing_expected_key: ignore)`,
} satisfies MessageTable;

/** A declared output of an answer to a fixture that asserts none: what the tool said, with no expected value yet. */
export function newExpectation(spec: OutputSpec, actual: unknown): OutputComparison {
  return {
    key: spec.key,
    type: spec.type,
    comparator: NEW_EXPECTATION,
    status: 'warn',
    score: 0,
    metric: messages.newExpectation(),
    rule: messages.newExpectationRule(),
    expected: null,
    actual,
    tolerance: null,
  };
}

/**
 * A fixture's line: compared outputs (judged by their comparator) counted apart from those not
 * judged (`compare: skip`, or a degraded comparison whose bytes differ), and those judged by their
 * bytes alone because a package was missing.
 */
export function fixtureMessage(
  status: Status,
  outputs: readonly OutputComparison[],
  specs: ReadonlyMap<string, OutputSpec>,
  ignored: readonly string[],
): string {
  const declared = outputs.filter((o) => specs.has(o.key));
  // a degraded comparison with identical bytes matched (score 1); with different bytes it judged nothing
  const notJudged = declared.filter((o) => o.status === 'skip' || (o.degraded && o.score < 1));
  const judged = declared.filter((o) => !notJudged.includes(o));
  const failed = judged.filter((o) => o.status === 'fail').length;
  const warned = judged.filter((o) => o.status === 'warn').length;
  if (status === 'skip') return messages.allSkipped();
  let head =
    status === 'fail'
      ? messages.differ(failed, judged.length)
      : warned
        ? messages.someWarned(judged.length - warned, judged.length, warned)
        : messages.allMatched(judged.length);
  const bytesOnly = judged.filter((o) => o.degraded);
  if (bytesOnly.length)
    head += messages.bytesOnly(bytesOnly.length, [...new Set(bytesOnly.map((o) => o.degraded!.package))]);
  const parts = [head];
  if (notJudged.length)
    parts.push(
      messages.notJudged(
        notJudged.length,
        notJudged
          .slice(0, 5)
          .map((o) =>
            o.status === 'skip' ? messages.skippedWhy(o.key) : messages.degradedWhy(o.key, o.degraded!.package),
          ),
      ),
    );
  if (ignored.length) parts.push(messages.ignored(ignored.length));
  return parts.join('; ');
}
