// The structural comparator: tree, timeline, gantt, log and diff. Every field is compared (numbers
// exactly unless abs/rel are set) and every difference is listed by path.
import type { OutputType } from '../../model/manifest.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { DiffCollector } from '../kit/diff-collector.js';
import { numericTolerance } from '../kit/numeric-tolerance.js';
import { withIgnoredFields } from '../kit/ignore-fields.js';
import { garbageResult, skipped } from '../kit/result.js';
import type { Comparator, ComparisonResult, OptionKind } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';
import { LIST_FIELD, type RowOrder, type SCtx, type StructuralType } from './context.js';
import { compareDiff } from './diff.js';
import { messages } from './messages.js';
import { compareRows } from './rows.js';
import { compareTree } from './tree.js';

export const STRUCTURAL_TYPES: readonly StructuralType[] = ['tree', 'timeline', 'gantt', 'log', 'diff'];

const STRUCTURAL_MODES = ['structural', 'exact', 'rows_ordered', 'ordered', 'rows_unordered', 'unordered'] as const;

const CHILDREN_ORDERS = ['ordered', 'unordered'] as const;
const ROW_ORDERS = ['ordered', 'by_time', 'by_id', 'by_name'] as const;

const STRUCTURAL_OPTIONS: Readonly<Record<string, OptionKind>> = {
  abs: 'number',
  rel: 'number',
  children_order: { enum: CHILDREN_ORDERS },
  order: { enum: ROW_ORDERS },
  allow_regex: 'boolean',
  ignore_fields: 'fields',
};

const DEFAULT_MODE: Record<StructuralType, string> = {
  tree: 'structural',
  timeline: 'rows_ordered',
  gantt: 'rows_ordered',
  log: 'rows_ordered',
  diff: 'exact',
};

/** Which modes apply to which type; `exact` additionally turns numeric tolerance off. */
const APPLICABLE: Record<StructuralType, readonly string[]> = {
  tree: ['structural', 'exact', 'ordered', 'unordered'],
  timeline: ['rows_ordered', 'ordered', 'structural', 'exact', 'rows_unordered', 'unordered'],
  gantt: ['rows_ordered', 'ordered', 'structural', 'exact', 'rows_unordered', 'unordered'],
  log: ['rows_ordered', 'ordered', 'structural', 'exact', 'rows_unordered', 'unordered'],
  diff: ['exact', 'structural'],
};

function optionProblem(tolerance: Tolerance): string | null {
  const co = tolerance.children_order;
  if (co !== undefined && !(CHILDREN_ORDERS as readonly unknown[]).includes(co)) return messages.badChildrenOrder(co);
  const order = tolerance.order;
  if (order !== undefined && !(ROW_ORDERS as readonly unknown[]).includes(order)) return messages.badOrder(order);
  const ar = tolerance.allow_regex;
  if (ar !== undefined && typeof ar !== 'boolean') return messages.badAllowRegex(ar);
  return null;
}

function ruleFor(ctx: SCtx, mode: string): string {
  if (ctx.type === 'tree') return messages.treeRule(ctx.childrenOrdered, ctx.tol);
  if (ctx.type === 'diff') return messages.diffRule();
  const regex = ctx.type === 'log' ? ctx.allowRegex : null;
  return messages.rowsRule(LIST_FIELD[ctx.type], ctx.rowOrder, ctx.tol, regex, mode);
}

export const structuralComparator: Comparator = {
  name: 'structural',
  types: STRUCTURAL_TYPES,
  modes: STRUCTURAL_MODES,
  modesFor: (type) => APPLICABLE[type as StructuralType] ?? [],
  options: STRUCTURAL_OPTIONS,
  messages,
  defaults(type: OutputType): Tolerance {
    const compare = DEFAULT_MODE[type as StructuralType] ?? 'structural';
    if (type === 'tree') return { compare, children_order: 'unordered' };
    if (type === 'log') return { compare, allow_regex: true };
    return { compare };
  },
  compare: withIgnoredFields(({ type, expected, actual, tolerance }): ComparisonResult => {
    const sType = type as StructuralType;
    const mode = tolerance.compare ?? DEFAULT_MODE[sType] ?? 'structural';
    if (mode === 'skip') return skipped(tolerance, expected, actual);
    const fail = (message: string, rule = messages.modeRule(mode)): ComparisonResult => ({
      ...garbageResult(message, expected, actual, tolerance, rule),
      comparator: `structural:${mode}`,
    });
    const applicable = APPLICABLE[sType];
    if (!applicable) return fail(messages.notAStructuralType(type));
    if (!applicable.includes(mode))
      return fail(
        (STRUCTURAL_MODES as readonly string[]).includes(mode)
          ? messages.modeNotForType(mode, type, applicable)
          : messages.unknownMode(mode, type, applicable),
      );
    const problem = optionProblem(tolerance);
    if (problem) return fail(problem);
    const tol = mode === 'exact' ? {} : numericTolerance(tolerance);
    const unordered = mode === 'unordered' || mode === 'rows_unordered';
    const order = tolerance.order as RowOrder | undefined;
    const naturalKey: RowOrder | 'multiset' =
      sType === 'timeline' ? 'by_time' : sType === 'gantt' ? 'by_id' : 'multiset';
    const ctx: SCtx = {
      c: new DiffCollector(tol),
      type: sType,
      tol,
      childrenOrdered: mode === 'ordered' || (mode !== 'unordered' && tolerance.children_order === 'ordered'),
      rowOrder: unordered ? (order && order !== 'ordered' ? order : naturalKey) : (order ?? 'ordered'),
      allowRegex: tolerance.allow_regex !== false,
      regexCache: new Map(),
    };
    const rule = ruleFor(ctx, mode);
    let shape: string | null;
    if (sType === 'diff') {
      shape = compareDiff(ctx, expected, actual);
    } else {
      const okShape = (v: unknown): v is Record<string, unknown> | unknown[] =>
        isPlainObject(v) || (sType !== 'tree' && Array.isArray(v));
      if (!okShape(expected)) return fail(messages.notAValue('expected', type, expected), rule);
      if (!okShape(actual)) return fail(messages.notAValue('actual', type, actual), rule);
      shape =
        sType === 'tree'
          ? compareTree(ctx, expected as Record<string, unknown>, actual as Record<string, unknown>)
          : compareRows(ctx, sType, expected, actual);
    }
    if (shape) return fail(shape, rule);
    const noun =
      sType === 'tree'
        ? 'nodes'
        : sType === 'diff'
          ? 'lines'
          : sType === 'log'
            ? 'lines'
            : sType === 'gantt'
              ? 'tasks'
              : 'events';
    return ctx.c.finish({ rule, expected, actual, tolerance, comparator: `structural:${mode}` }, noun);
  }),
};
