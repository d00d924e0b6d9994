// `ignore_fields` for tables (docs/comparators.md#ignored-fields): a path starts at a row, so its
// first step is a column (`meta.generated_at`; a leading `rows.*` is allowed too). A bare name or a
// one-step path naming a column ignores that column; every other pattern is taken out of the cells
// (nested JSON) of the columns it reaches, on both sides.
import { FieldPruner, isBareName, pointerOf, stepsOf } from '../kit/ignore-fields.js';
import { joinPath } from '../kit/paths.js';
import type { Aligned, Cell, Col } from './read.js';

function names(c: Col): string[] {
  return [c.name, c.key, c.label].filter((x): x is string => x !== undefined);
}

/** The steps of a path pattern from a row: a leading `rows.*` (the table value's own shape) is dropped. */
function rowSteps(p: string): string[] {
  const steps = stepsOf(p);
  return steps[0] === 'rows' && steps[1] === '*' ? steps.slice(2) : steps;
}

export class TableFieldIgnoring {
  readonly pruner: FieldPruner;
  private readonly bare: string[];
  private readonly paths: { text: string; steps: string[] }[];

  constructor(readonly patterns: string[]) {
    this.pruner = new FieldPruner([]);
    this.bare = patterns.filter(isBareName);
    this.paths = patterns.filter((p) => !isBareName(p)).map((text) => ({ text, steps: rowSteps(text) }));
  }

  /** Whether a whole column is ignored (recorded as such). */
  ignoresColumn(c: Col): boolean {
    const own = names(c);
    const by =
      this.bare.find((n) => own.includes(n)) ??
      this.paths.find((p) => p.steps.length === 1 && (p.steps[0] === '*' || own.includes(p.steps[0]!)))?.text;
    if (by === undefined) return false;
    this.pruner.remove(`columns.${c.name}`, by);
    return true;
  }

  /** Both sides' cells with the ignored fields taken out of the nested values they reach. */
  pruneCells(common: Aligned[], E: Cell[][], A: Cell[][]): { E: Cell[][]; A: Cell[][] } {
    const perColumn = common.map((c) => {
      const own = names(c.e);
      // each cell pattern (a name, or a pointer inside the cell) → the patterns the author wrote
      const origin = new Map<string, string[]>(this.bare.map((n) => [n, [n]]));
      for (const p of this.paths) {
        if (p.steps.length < 2 || (p.steps[0] !== '*' && !own.includes(p.steps[0]!))) continue;
        const inner = pointerOf(p.steps.slice(1));
        origin.set(inner, [...(origin.get(inner) ?? []), p.text]);
      }
      return origin.size ? { pruner: new FieldPruner([...origin.keys()]), origin, name: c.name } : null;
    });
    if (perColumn.every((x) => x === null)) return { E, A };
    const prune = (rows: Cell[][]): Cell[][] =>
      rows.map((row, i) =>
        row.map((cell, k) => {
          const col = perColumn[k];
          if (!col || typeof cell !== 'object' || cell === null) return cell;
          return col.pruner.prune(cell, joinPath(joinPath('rows', i), col.name));
        }),
      );
    const out = { E: prune(E), A: prune(A) };
    for (const col of perColumn) {
      if (!col) continue;
      for (const path of col.pruner.removed) this.pruner.remove(path);
      for (const m of col.pruner.matched) for (const text of col.origin.get(m) ?? []) this.pruner.matched.add(text);
    }
    return out;
  }
}
