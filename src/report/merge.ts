// `pixie report merge`: shard reports → one set of reports, as if one machine had run them all.
// Tools are united; a tool that appears in several shards was split by fixtures, so its fixtures are
// concatenated (sorted by file), check 12 is recomputed from them, checks 1–11 take the most severe
// shard's result, and overall is recomputed.
import path from 'node:path';
import { overallOf, type CheckResult, type FixtureResult, type Report, type Status } from './model.js';

const SEVERITY: Record<Status, number> = { skip: 0, pass: 1, warn: 2, fail: 3 };

/** Check 12 from a tool's fixture results, with the same verdicts as the check itself. */
export function recomputeCheck12(parts: readonly CheckResult[], fixtures: readonly FixtureResult[]): Pick<CheckResult, 'status' | 'message' | 'details'> {
  // a shard whose check 12 failed with no failing fixture (bad reference files, memory, could not
  // start, --strict hygiene) keeps that verdict: fixtures alone cannot show it
  const standalone = parts.find((p) => p.status === 'fail' && !/fixture\(s\) failed/.test(p.message));
  if (standalone) return { status: 'fail', message: standalone.message, details: standalone.details };
  if (fixtures.length === 0) {
    const ran = parts.find((p) => p.status !== 'skip') ?? parts[0];
    return { status: ran?.status ?? 'skip', message: ran?.message ?? 'no fixtures', details: ran?.details ?? null };
  }
  const count = (s: Status) => fixtures.filter((f) => f.status === s).length;
  const [failed, passed, warned, skipped] = [count('fail'), count('pass'), count('warn'), count('skip')];
  if (failed) return { status: 'fail', message: `${failed} of ${fixtures.length} fixture(s) failed (${passed} passed, ${skipped} skipped)`, details: null };
  const degraded = fixtures.flatMap((f) => f.outputs).filter((o) => o.degraded);
  if (degraded.length) {
    const packages = [...new Set(degraded.map((o) => o.degraded!.package))];
    return { status: 'warn', message: `${passed + warned} fixture(s) matched, but ${degraded.length} comparison(s) degraded to size + SHA-256 (${packages.join(', ')} not available)`, details: parts.map((p) => p.details).filter(Boolean).join('\n') || null };
  }
  if (passed + warned === 0 && skipped > 0) return { status: 'warn', message: `all ${skipped} fixture(s) skipped`, details: fixtures.map((f) => `${f.file}: ${f.message}`).join('\n') };
  if (warned) return { status: 'warn', message: `${passed + warned} fixture(s) matched; ${warned} with warnings${skipped ? `; ${skipped} skipped` : ''}`, details: fixtures.filter((f) => f.status === 'warn').map((f) => `${f.file}: ${f.message}`).join('\n') };
  return { status: 'pass', message: `${passed} fixture(s) matched${skipped ? `; ${skipped} skipped` : ''}`, details: null };
}

function mergeTool(parts: readonly Report[]): Report {
  if (parts.length === 1) return parts[0]!;
  const byFile = new Map<string, FixtureResult>();
  for (const p of parts) for (const f of p.fixtures) byFile.set(f.file, f);
  const fixtures = [...byFile.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const numbers = [...new Set(parts.flatMap((p) => p.checks.map((c) => c.number)))].sort((a, b) => a - b);
  const checks = numbers.map((n): CheckResult => {
    const all = parts.map((p) => p.checks.find((c) => c.number === n)).filter((c): c is CheckResult => Boolean(c));
    const duration_ms = all.reduce((s, c) => s + c.duration_ms, 0);
    if (n === 12) return { ...all[0]!, ...recomputeCheck12(all, fixtures), duration_ms };
    const worst = all.reduce((a, b) => (SEVERITY[b.status] > SEVERITY[a.status] ? b : a));
    return { ...worst, duration_ms };
  });
  // identity from a shard that ran something (an empty shard started nothing)
  const ran = parts.filter((p) => p.checks.some((c) => c.status !== 'skip') || p.fixtures.length);
  const first = (ran.length ? ran : parts).reduce((a, b) => (a.timestamp <= b.timestamp ? a : b));
  const uniq = (xs: string[]) => [...new Set(xs)];
  const peaks = parts.map((p) => p.peak_memory_mb).filter((m): m is number => m !== null);
  return {
    ...first,
    overall: overallOf(checks.map((c) => c.status)),
    // total work across shards: what a later --durations run needs to balance
    duration_ms: parts.reduce((s, p) => s + p.duration_ms, 0),
    checks,
    fixtures,
    sample_inputs: parts.find((p) => p.sample_inputs)?.sample_inputs ?? null,
    sample_output: parts.find((p) => p.sample_output)?.sample_output ?? null,
    spawn_log: parts.map((p) => p.spawn_log).filter(Boolean).join('\n') || null,
    peak_memory_mb: peaks.length ? Math.max(...peaks) : null,
    warnings: uniq(parts.flatMap((p) => p.warnings)),
    errors: uniq(parts.flatMap((p) => p.errors)),
  };
}

/** One report per tool, sorted by tool id; a tool is its folder name (machines may check out elsewhere). */
export function mergeReports(reports: readonly Report[]): Report[] {
  const groups = new Map<string, Report[]>();
  for (const r of reports) {
    const key = r.tool_path ? path.basename(r.tool_path) : r.tool_id;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map(mergeTool).sort((a, b) => (a.tool_id < b.tool_id ? -1 : a.tool_id > b.tool_id ? 1 : 0));
}
