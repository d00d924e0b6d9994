// Trees: nodes matched by id, then label, then name (nodes with only a label are never collapsed),
// children in order or in any order, every other field compared.
import { isPlainObject } from '../../util/is-plain-object.js';
import { pairByKey } from '../kit/matching.js';
import { joinPath, keyedPath } from '../kit/paths.js';
import { isPresent, jsonKey, shortJson } from '../kit/value.js';
import { compareFields, compareOuterFields, type SCtx } from './context.js';
import { messages } from './messages.js';

type KeyField = 'id' | 'label' | 'name';
const KEY_FIELDS: readonly KeyField[] = ['id', 'label', 'name'];

function childrenOf(
  ctx: SCtx,
  side: 'expected' | 'actual',
  path: string,
  node: Record<string, unknown>,
): unknown[] | null {
  const ch = node.children;
  if (ch === undefined || ch === null) return [];
  if (Array.isArray(ch)) return ch;
  ctx.c.add(
    joinPath(path, 'children'),
    messages.childrenNotAList(side, ch),
    side === 'expected' ? ch : undefined,
    side === 'actual' ? ch : undefined,
  );
  return null;
}

function compareTreeNode(ctx: SCtx, path: string, e: unknown, a: unknown): void {
  if (!isPlainObject(e) || !isPlainObject(a)) {
    ctx.c.value(path, e, a, ctx.tol);
    return;
  }
  // a missing `children` equals an empty list; every other field is compared
  ctx.c.item(() => compareFields(ctx, path, e, a, ['children']));
  const eC = childrenOf(ctx, 'expected', path, e);
  const aC = childrenOf(ctx, 'actual', path, a);
  if (!eC || !aC) return;
  const base = joinPath(path, 'children');
  if (eC.length !== aC.length)
    ctx.c.add(base, messages.countDiffers('child', eC.length, aC.length), eC.length, aC.length, false);
  if (ctx.childrenOrdered) {
    for (let i = 0; i < Math.max(eC.length, aC.length); i++) {
      const p = joinPath(base, i);
      if (i >= aC.length) ctx.c.missing(p, messages.nodeMissing(nodeText(eC[i]), []), eC[i]);
      else if (i >= eC.length) ctx.c.extra(p, messages.nodeExtra(nodeText(aC[i]), null), aC[i]);
      else compareTreeNode(ctx, p, eC[i], aC[i]);
    }
    return;
  }
  // unordered: match by id, then label, then name; nodes with none of them pair by position
  let leftE = eC.map((v, i) => ({ v, i }));
  let leftA = aC.map((v, i) => ({ v, i }));
  const has =
    (f: KeyField) =>
    (x: { v: unknown }): boolean =>
      isPlainObject(x.v) && isPresent(x.v[f]);
  for (const f of KEY_FIELDS) {
    const eK = leftE.filter(has(f));
    const aK = leftA.filter(has(f));
    const keyOf = (x: { v: unknown }): string => jsonKey((x.v as Record<string, unknown>)[f]);
    const counts = new Map<string, number>();
    for (const x of eK) counts.set(keyOf(x), (counts.get(keyOf(x)) ?? 0) + 1);
    const m = pairByKey(eK, aK, keyOf);
    for (const [x, y, occ] of m.pairs) {
      const p = keyedPath(
        base,
        f,
        (x.v as Record<string, unknown>)[f],
        (counts.get(keyOf(x)) ?? 1) > 1 ? occ : undefined,
      );
      compareTreeNode(ctx, p, x.v, y.v);
    }
    const paired = new Set([...m.pairs.map(([x]) => x), ...m.pairs.map(([, y]) => y)]);
    leftE = leftE.filter((x) => !paired.has(x));
    leftA = leftA.filter((y) => !paired.has(y));
  }
  const anonymous = (x: { v: unknown }): boolean => !KEY_FIELDS.some((f) => has(f)(x));
  const anonE = leftE.filter(anonymous);
  const anonA = leftA.filter(anonymous);
  for (let k = 0; k < Math.min(anonE.length, anonA.length); k++)
    compareTreeNode(ctx, joinPath(base, anonE[k]!.i), anonE[k]!.v, anonA[k]!.v);
  const missing = [...leftE.filter((x) => !anonymous(x)), ...anonE.slice(anonA.length)];
  const extra = [...leftA.filter((y) => !anonymous(y)), ...anonA.slice(anonE.length)];
  const extraNames = extra.map((y) => nodeText(y.v));
  for (const x of missing) ctx.c.missing(nodePath(base, x), messages.nodeMissing(nodeText(x.v), extraNames), x.v);
  for (const y of extra) ctx.c.extra(nodePath(base, y), messages.nodeExtra(nodeText(y.v), y.i), y.v);
}

function nodePath(base: string, x: { v: unknown; i: number }): string {
  if (isPlainObject(x.v)) for (const f of KEY_FIELDS) if (isPresent(x.v[f])) return keyedPath(base, f, x.v[f]);
  return joinPath(base, x.i);
}

function nodeText(n: unknown): string {
  if (!isPlainObject(n)) return shortJson(n, 40);
  for (const f of KEY_FIELDS) if (isPresent(n[f])) return `${f} ${shortJson(n[f], 40)}`;
  return shortJson(n, 60);
}

export function compareTree(ctx: SCtx, e: Record<string, unknown>, a: Record<string, unknown>): string | null {
  if (e.root === undefined) return messages.fieldMissing('expected', 'root');
  if (!isPlainObject(e.root)) return messages.rootNotANode('expected', e.root);
  if (a.root === undefined) return messages.fieldMissing('actual', 'root');
  if (!isPlainObject(a.root)) return messages.rootNotANode('actual', a.root);
  compareTreeNode(ctx, 'root', e.root, a.root);
  compareOuterFields(ctx, e, a, ['root']);
  return null;
}
