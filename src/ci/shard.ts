// --shard i/n: a deterministic, even split of tools (or of one tool's fixtures) across CI machines.
// With past durations (a previous --json or merged report) it is greedy longest-processing-time bin
// packing; without, round-robin over the sorted names. Every machine computes the same split from
// the same inputs, so the shards cover every item exactly once with no coordination.
import { readNamedFile } from '../source/user-file.js';
import path from 'node:path';
import { PixieError } from '../errors.js';
import { withPhases } from '../checks/index.js';
import type { Report } from '../model/report.js';
import { parseJson } from '../util/python-json.js';

export interface ShardSpec {
  index: number;
  total: number;
}

export function parseShard(text: string): ShardSpec {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const total = m ? Number(m[2]) : NaN;
  if (!m || total < 1 || index < 1 || index > total) {
    throw new PixieError(
      'USAGE',
      `--shard expects i/n with 1 ≤ i ≤ n (got '${text}')`,
      'for three CI machines: --shard 1/3, --shard 2/3 and --shard 3/3',
    );
  }
  return { index, total };
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The items of shard `index` (1-based) of `total`. With `durations` (ms per item name), greedy LPT:
 * longest first, each onto the currently lightest shard (ties: lower shard number); items with no
 * past duration count as the median of the known ones. Without, round-robin over sorted names.
 */
export function shardItems<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  spec: ShardSpec,
  durations?: ReadonlyMap<string, number>,
): T[] {
  const sorted = [...items].sort((a, b) => byName(nameOf(a), nameOf(b)));
  return assignShards(sorted.map(nameOf), spec.total, durations)[spec.index - 1]!.map(
    (name) => sorted.find((i) => nameOf(i) === name)!,
  );
}

/** Every shard's names (index 0 = shard 1), for tests and for explaining a split. */
export function assignShards(
  names: readonly string[],
  total: number,
  durations?: ReadonlyMap<string, number>,
): string[][] {
  const sorted = [...new Set(names)].sort(byName);
  const shards: string[][] = Array.from({ length: total }, () => []);
  const known = durations
    ? sorted.map((n) => durations.get(n)).filter((d): d is number => d !== undefined && Number.isFinite(d))
    : [];
  if (!durations || known.length === 0) {
    sorted.forEach((n, i) => shards[i % total]!.push(n));
    return shards;
  }
  const fallback = median(known);
  const weighted = sorted
    .map((n) => ({ n, d: durations.get(n) ?? fallback }))
    .sort((a, b) => b.d - a.d || byName(a.n, b.n));
  const load = new Array<number>(total).fill(0);
  for (const { n, d } of weighted) {
    let best = 0;
    for (let s = 1; s < total; s++) if (load[s]! < load[best]!) best = s;
    shards[best]!.push(n);
    load[best]! += d;
  }
  for (const s of shards) s.sort(byName);
  return shards;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Reports from a --json file: one report, an array of reports (--all, merged), as written by pixie. */
export function readReports(file: string): Report[] {
  const read = readNamedFile(file);
  if (!read.ok)
    throw new PixieError(
      'USER_FILE',
      `cannot read report ${file}: ${read.reason}`,
      'pass a file written by pixie validate --json (or pixie report merge --json)',
    );
  const text = read.bytes.toString('utf8');
  let data: unknown;
  try {
    data = parseJson(text);
  } catch (err) {
    throw new PixieError(
      'USER_FILE',
      `${file} is not JSON: ${(err as Error).message}`,
      'pass a file written by pixie validate --json (or pixie report merge --json)',
    );
  }
  const list = Array.isArray(data) ? data : [data];
  const bad = list.findIndex(
    (r) =>
      !r || typeof r !== 'object' || typeof (r as Report).tool_id !== 'string' || !Array.isArray((r as Report).checks),
  );
  if (bad >= 0) {
    throw new PixieError(
      'USER_FILE',
      `${file}: ${Array.isArray(data) ? `item ${bad}` : 'the document'} is not a pixie report (no tool_id/checks)`,
      'pass a file written by pixie validate --json (or pixie report merge --json)',
    );
  }
  return (list as Report[]).map(withPhases);
}

export interface PastDurations {
  /** per tool folder name (and tool id), total ms */
  tools: Map<string, number>;
  /** per tool folder name, per fixture file, ms */
  fixtures: Map<string, Map<string, number>>;
}

/** Durations from previous reports; a tool split across shards adds its shards' durations up. */
export function durationsFrom(reports: readonly Report[]): PastDurations {
  const tools = new Map<string, number>();
  const fixtures = new Map<string, Map<string, number>>();
  for (const r of reports) {
    const names = new Set([path.basename(r.tool_path), r.tool_id]);
    for (const n of names) {
      tools.set(n, (tools.get(n) ?? 0) + (r.duration_ms ?? 0));
      const f = fixtures.get(n) ?? new Map<string, number>();
      for (const fx of r.fixtures ?? []) f.set(fx.file, fx.duration_ms);
      fixtures.set(n, f);
    }
  }
  return { tools, fixtures };
}
