// Every sentence the structural comparator writes (structural.ts and the modules beside it).
import { describeNumericTolerance, type NumericTolerance } from '../kit/numeric-tolerance.js';
import { describeValue, shortJson, shortPair } from '../kit/value.js';
import type { MessageTable } from '../../util/message-table.js';
import type { RowOrder } from './context.js';

type Side = 'expected' | 'actual';

export const messages = {
  // the tolerance and the values as a whole (structural.ts)
  badChildrenOrder: (v: unknown) => `tolerance children_order must be ordered or unordered, got ${shortJson(v, 40)}`,
  badOrder: (v: unknown) => `tolerance order must be ordered, by_time, by_id or by_name, got ${shortJson(v, 40)}`,
  badAllowRegex: (v: unknown) => `tolerance allow_regex must be true or false, got ${shortJson(v, 40)}`,
  // the rule of each type (structural.ts picks one; kit/ignore-fields.ts adds the ignored fields)
  treeRule: (childrenOrdered: boolean, tol: NumericTolerance) =>
    `nodes by id, then label, then name; children ${childrenOrdered ? 'in order' : 'in any order'}; every field compared, numbers ${describeNumericTolerance(tol)}`,
  diffRule: () => 'before and after compared as text, line by line',
  /** timelines, gantt charts and logs; `regex` says whether log lines may be regexes (null for other types) */
  rowsRule: (
    field: string,
    order: RowOrder | 'multiset',
    tol: NumericTolerance,
    regex: boolean | null,
    mode: string,
  ) => {
    const how =
      order === 'ordered' ? 'in order' : order === 'multiset' ? 'as a multiset' : `matched ${order.replace('_', ' ')}`;
    const lines =
      regex === null ? '' : regex ? '; expected lines starting re: are full-match regexes' : '; regex lines off';
    return `${field} ${how}; every field compared, numbers ${describeNumericTolerance(tol)}${lines} (compare: ${mode})`;
  },
  modeRule: (mode: string) => `compare: ${mode}`,
  notAStructuralType: (type: string) => `the structural comparator does not handle output type ${type}`,
  modeNotForType: (mode: string, type: string, modes: readonly string[]) =>
    `compare mode '${mode}' does not apply to ${type}; use one of: ${modes.join(', ')}, skip`,
  unknownMode: (mode: string, type: string, modes: readonly string[]) =>
    `unknown compare mode '${mode}' for ${type} (expected one of: ${modes.join(', ')}, skip)`,
  notAValue: (side: Side, type: string, v: unknown) => `${side} is ${describeValue(v)}, expected a ${type} object`,
  // fields of the values (diff.ts, rows.ts, tree.ts)
  fieldMissing: (side: Side, field: string) => `${side}.${field} is missing`,
  notAString: (side: Side, field: string, v: unknown) => `${side}.${field} is ${describeValue(v)}, expected a string`,
  notAList: (side: Side, field: string, v: unknown) => `${side}.${field} is ${describeValue(v)}, expected an array`,
  notBeforeAfter: (side: Side, v: unknown) => `${side} is ${describeValue(v)}, expected {before, after}`,
  rootNotANode: (side: Side, v: unknown) => `${side}.root is ${describeValue(v)}, expected a node object`,
  /** `thing` is what is counted: child, or the list's field (events, tasks, lines) */
  countDiffers: (thing: string, e: number, a: number) => `${thing} count differs: expected ${e}, got ${a}`,
  // rows and log lines (rows.ts); `row` is a row's text as rows.ts shows it
  badRegex: (pattern: string, error: string) => `invalid regex ${JSON.stringify(pattern)} in expected line: ${error}`,
  regexFails: (actual: string, pattern: string) =>
    `actual ${shortJson(actual, 120)} does not fully match the regex ${JSON.stringify(pattern)}`,
  linesDiffer: (e: string, a: string) => `expected ${shortPair(e, a, 120).join(', got ')}`,
  lineNotText: (a: unknown) => `actual line is ${describeValue(a)}, expected a string or {message}`,
  lineNotAnObject: (a: unknown) => `actual line is ${describeValue(a)}, expected an object like the expected line`,
  rowMissing: (row: string) => `missing in actual: ${row}`,
  /** `index` in actual, said when rows were matched by key */
  rowExtra: (row: string, index: number | null) =>
    `not expected: extra ${row} in actual${index === null ? '' : ` (index ${index})`}`,
  noLineMatches: (row: string) => `missing in actual: no line matches ${row}`,
  lineExtra: (row: string, index: number) => `not expected: extra line ${row} in actual (index ${index})`,
  // tree nodes (tree.ts); `node` is a node's text as tree.ts shows it
  childrenNotAList: (side: Side, v: unknown) => `${side} children is ${describeValue(v)}, expected an array of nodes`,
  /** `unmatched`: the actual children left unmatched, shown as a hint (at most five) */
  nodeMissing: (node: string, unmatched: string[]) =>
    `missing in actual: node ${node}${unmatched.length ? ` (unmatched actual children: ${unmatched.slice(0, 5).join(', ')}${unmatched.length > 5 ? ', …' : ''})` : ''}`,
  /** `index` in actual, said when children were matched by key */
  nodeExtra: (node: string, index: number | null) =>
    `not expected: extra node ${node} in actual${index === null ? '' : ` (index ${index})`}`,
} satisfies MessageTable;
