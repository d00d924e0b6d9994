// `pixie report merge`: shard reports → one set of reports, as if one machine had run them all.
// Tools are united; a tool that appears in several shards was split by fixtures, so its fixtures are
// concatenated (sorted by file), the fixtures check is judged again by the same verdict the check
// uses (reference/verdict.ts), each contract check takes the most severe shard's result, and
// overall is recomputed.
import path from 'node:path';
import { fixturesVerdict } from '../reference/verdict.js';
import { reportOverall, type CheckResult, type FixtureResult, type Report, type Status } from '../model/report.js';

const SEVERITY: Record<Status, number> = { skip: 0, pass: 1, warn: 2, fail: 3 };

/** The fixtures check of a tool split across shards: the verdict again, over every shard's findings and fixtures. */
function mergeFixturesCheck(
  parts: readonly Report[],
  all: readonly CheckResult[],
  fixtures: readonly FixtureResult[],
): CheckResult {
  const findings = uniqueBy(
    all.flatMap((c) => c.findings ?? []),
    (f) => JSON.stringify(f),
  );
  const duration_ms = all.reduce((s, c) => s + c.duration_ms, 0);
  // shards that ran nothing (an empty shard, a tool that did not start outside --reference-only) say so alike
  if (findings.length === 0 && fixtures.length === 0) return { ...worstOf(all), duration_ms };
  const strict = parts.some((p) => p.options?.strict);
  const tool = parts[0]!;
  const {
    findings: judged,
    details,
    ...verdict
  } = fixturesVerdict({ findings, fixtures, strict, toolName: path.basename(tool.tool_path || tool.tool_id) });
  const { findings: _shardFindings, ...identity } = all[0]!;
  return {
    ...identity,
    ...verdict,
    details: details ?? null,
    duration_ms,
    ...(judged?.length ? { findings: judged } : {}),
  };
}

function worstOf(all: readonly CheckResult[]): CheckResult {
  return all.reduce((a, b) => (SEVERITY[b.status] > SEVERITY[a.status] ? b : a));
}

function uniqueBy<T>(xs: readonly T[], key: (x: T) => string): T[] {
  return [...new Map(xs.map((x) => [key(x), x])).values()];
}

function mergeTool(parts: readonly Report[]): Report {
  if (parts.length === 1) return parts[0]!;
  const byFile = new Map<string, FixtureResult>();
  for (const p of parts) for (const f of p.fixtures) byFile.set(f.file, f);
  const fixtures = [...byFile.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const names = uniqueBy(
    parts.flatMap((p) => p.checks),
    (c) => c.name,
  )
    .sort((a, b) => a.number - b.number)
    .map((c) => c.name);
  const checks = names.map((name): CheckResult => {
    const all = parts.map((p) => p.checks.find((c) => c.name === name)).filter((c): c is CheckResult => Boolean(c));
    if (all[0]!.phase === 'fixtures') return mergeFixturesCheck(parts, all, fixtures);
    return { ...worstOf(all), duration_ms: all.reduce((s, c) => s + c.duration_ms, 0) };
  });
  // identity from a shard that ran something (an empty shard started nothing)
  const ran = parts.filter((p) => p.checks.some((c) => c.status !== 'skip') || p.fixtures.length);
  const first = (ran.length ? ran : parts).reduce((a, b) => (a.timestamp <= b.timestamp ? a : b));
  const peaks = parts.map((p) => p.peak_memory_mb).filter((m): m is number => m !== null);
  // --explore does not split across shards: the shard that explored carries it
  const explore = parts.find((p) => p.explore)?.explore;
  return {
    ...first,
    ...(explore ? { explore } : {}),
    overall: reportOverall(checks, explore),
    // total work across shards: what a later --durations run needs to balance
    duration_ms: parts.reduce((s, p) => s + p.duration_ms, 0),
    checks,
    fixtures,
    sample_inputs: parts.find((p) => p.sample_inputs)?.sample_inputs ?? null,
    sample_output: parts.find((p) => p.sample_output)?.sample_output ?? null,
    spawn_log:
      parts
        .map((p) => p.spawn_log)
        .filter(Boolean)
        .join('\n') || null,
    peak_memory_mb: peaks.length ? peaks.reduce((a, b) => Math.max(a, b)) : null,
    warnings: uniqueBy(
      parts.flatMap((p) => p.warnings),
      String,
    ),
    errors: uniqueBy(
      parts.flatMap((p) => p.errors),
      String,
    ),
  };
}

/** One report per tool, sorted by tool id; a tool is its folder name (machines may check out elsewhere). */
export function mergeReports(reports: readonly Report[]): Report[] {
  const groups = new Map<string, Report[]>();
  for (const r of reports) {
    const key = r.tool_path ? path.basename(r.tool_path) : r.tool_id;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()]
    .map(mergeTool)
    .sort((a, b) => (a.tool_id < b.tool_id ? -1 : a.tool_id > b.tool_id ? 1 : 0));
}
