// `ignore_fields` (docs/comparators.md#ignored-fields): fields taken out of both values before a
// structured comparison, so a volatile `generated_at` or request id never fails it. A pattern is a
// bare name (that key at any depth), a dotted path (`meta.generated_at`, `rows.*.id`, `rows[*].id`)
// or a JSON pointer (`/meta/generated_at`, `/rows/*/id`), both from the value's root; `*` is any
// array item or any key. Written by hand: JSONPath libraries select values but do not give a
// pruned copy with the removed paths, which is all this needs.
import type { Tolerance } from '../../model/tolerance.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import type { MessageTable } from '../../util/message-table.js';
import type { ComparisonResult } from '../types.js';
import { joinPath } from './paths.js';

export const messages = {
  empty: () =>
    'is empty; write a field name, a dotted path such as meta.generated_at or a pointer such as /meta/generated_at',
  emptySegment: (p: string) =>
    `'${p}' has an empty step; write steps separated by single dots (a.b.c) or slashes (/a/b/c)`,
  rule: (patterns: readonly string[], unmatched: readonly string[]) =>
    `; ignoring fields ${patterns.map((p) => (unmatched.includes(p) ? `${p} (matched nothing)` : p)).join(', ')}`,
} satisfies MessageTable;

/** How many removed paths a result lists (the rule names every pattern). */
const LISTED = 50;

interface Pattern {
  text: string;
  /** a bare name: that key at any depth */
  name?: string;
  /** a path from the root */
  steps?: string[];
}

/** The steps of a path pattern (a dotted path or a JSON pointer); a bare name is one step. */
export function stepsOf(p: string): string[] {
  if (p.startsWith('/'))
    return p
      .slice(1)
      .split('/')
      .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  return p.replace(/\[([^\]]*)\]/g, '.$1').split('.');
}

/** Whether a pattern is a bare name (that key at any depth) rather than a path from the root. */
export function isBareName(p: string): boolean {
  return !p.startsWith('/') && !/[.[]/.test(p);
}

/** A JSON pointer for steps (so a step holding a dot stays one step). */
export function pointerOf(steps: readonly string[]): string {
  return `/${steps.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

function parse(p: string): Pattern {
  if (isBareName(p)) return { text: p, name: p };
  return { text: p, steps: stepsOf(p) };
}

/** The problem with one pattern (for loading tolerance blocks), or null. */
export function fieldPatternProblem(p: string): string | null {
  if (p === '') return messages.empty();
  if (p === '/') return null;
  const steps = stepsOf(p);
  if (!p.startsWith('/') && steps.some((s) => s === '')) return messages.emptySegment(p);
  return null;
}

/** A walk that removes the matching fields of values and remembers what it removed. */
export class FieldPruner {
  readonly removed: string[] = [];
  readonly matched = new Set<string>();
  private readonly names: Map<string, string>;
  private readonly paths: Pattern[];

  constructor(texts: readonly string[]) {
    const patterns = texts.map(parse);
    this.names = new Map(patterns.filter((p) => p.name !== undefined).map((p) => [p.name!, p.text]));
    this.paths = patterns.filter((p) => p.steps);
  }

  /** The value without the matching fields; `base` is its path in the output, for the report. */
  prune(value: unknown, base = ''): unknown {
    return this.walk(
      value,
      base,
      this.paths.map((p) => ({ p, at: 0 })),
    );
  }

  /** Records a field taken out (or a whole table column), under the pattern that took it when known. */
  remove(path: string, pattern?: string): void {
    if (pattern !== undefined) this.matched.add(pattern);
    const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
    if (this.removed.length < LISTED && !this.removed.includes(shown)) this.removed.push(shown);
  }

  /** The result as the caller reports it: its own values, the patterns in the rule, what was removed. */
  annotate(
    patterns: readonly string[],
    r: ComparisonResult,
    echo: { expected: unknown; actual: unknown },
  ): ComparisonResult {
    const unmatched = patterns.filter((p) => !this.matched.has(p));
    return {
      ...r,
      expected: echo.expected,
      actual: echo.actual,
      rule: r.rule + messages.rule(patterns, unmatched),
      ignored_fields: this.removed,
    };
  }

  private walk(v: unknown, path: string, active: { p: Pattern; at: number }[]): unknown {
    const isArray = Array.isArray(v);
    if (!isArray && !isPlainObject(v)) return v;
    if (this.names.size === 0 && active.length === 0) return v;
    const entries: [string | number, unknown][] = isArray ? v.map((x, i) => [i, x]) : Object.entries(v);
    const kept: [string | number, unknown][] = [];
    for (const [k, child] of entries) {
      const at = joinPath(path, k);
      const name = typeof k === 'string' ? this.names.get(k) : undefined;
      if (name !== undefined) {
        this.remove(at, name);
        continue;
      }
      const next: { p: Pattern; at: number }[] = [];
      let removedBy: string | undefined;
      for (const a of active) {
        const step = a.p.steps![a.at];
        if (step !== '*' && step !== String(k)) continue;
        if (a.at + 1 === a.p.steps!.length) removedBy ??= a.p.text;
        else next.push({ p: a.p, at: a.at + 1 });
      }
      if (removedBy !== undefined) {
        this.remove(at, removedBy);
        continue;
      }
      kept.push([k, this.walk(child, at, next)]);
    }
    if (isArray) return kept.map(([, x]) => x);
    const out: Record<string, unknown> = {};
    for (const [k, x] of kept)
      Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true });
    return out;
  }
}

/** The patterns of a tolerance's `ignore_fields`, or null when it names none (or is not a list of strings). */
export function ignoredFieldsOf(tolerance: Tolerance): string[] | null {
  const v = tolerance.ignore_fields;
  if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'string')) return null;
  return v as string[];
}

export interface FieldIgnoring {
  /** both values without the ignored fields */
  expected: unknown;
  actual: unknown;
  /** the result as the caller reports it: its own values, the patterns in the rule, what was removed */
  annotate(r: ComparisonResult, echo: { expected: unknown; actual: unknown }): ComparisonResult;
}

/** Takes the ignored fields out of both values. */
export function ignoreFields(patterns: string[], expected: unknown, actual: unknown): FieldIgnoring {
  const pruner = new FieldPruner(patterns);
  return {
    expected: pruner.prune(expected),
    actual: pruner.prune(actual),
    annotate: (r, echo) => pruner.annotate(patterns, r, echo),
  };
}

type Compare<I> = (input: I) => ComparisonResult;

/**
 * A comparator's compare with `ignore_fields` applied first: the ignored fields are taken out of
 * both values, and the result shows the values as they came with the patterns in its rule.
 */
export function withIgnoredFields<I extends { expected: unknown; actual: unknown; tolerance: Tolerance }>(
  compare: Compare<I>,
): Compare<I> {
  return (input) => {
    const patterns = ignoredFieldsOf(input.tolerance);
    if (!patterns || input.tolerance.compare === 'skip') return compare(input);
    const ig = ignoreFields(patterns, input.expected, input.actual);
    return ig.annotate(compare({ ...input, expected: ig.expected, actual: ig.actual }), input);
  };
}
