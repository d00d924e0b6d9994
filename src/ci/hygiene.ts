// Fixture hygiene for CI (`--strict`, and `pixie lint`): reference/ holds only fixtures,
// tolerance.yaml and README.md (a stray `fixture_a.json.bak`, `tolerance.yml` or `expected.png` is
// never read, so it silently asserts nothing), and under --strict check 12 may not merely warn.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { overallOf, type Report } from '../report/model.js';

const ALLOWED = /^(fixture_.*\.json|tolerance\.yaml|README\.md)$/;

/** Entries of reference/ that pixie never reads, each with the fix. */
export function strayReferenceFiles(toolDir: string): { file: string; message: string }[] {
  const dir = path.join(toolDir, 'reference');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: { file: string; message: string }[] = [];
  for (const name of names.sort()) {
    if (ALLOWED.test(name)) {
      let isDir = false;
      try { isDir = statSync(path.join(dir, name)).isDirectory(); } catch { /* gone */ }
      if (!isDir) continue;
    }
    out.push({ file: `reference/${name}`, message: strayMessage(name) });
  }
  return out;
}

function strayMessage(name: string): string {
  const fix = 'pixie reads only fixture_*.json, tolerance.yaml and README.md there';
  if (/^tolerance\.(yml|json)$/i.test(name) || /^tolerance/i.test(name)) return `not read by pixie: rename it to reference/tolerance.yaml (${fix})`;
  if (/^fixture_.*\.json\..+$/.test(name) || /\.(bak|orig|tmp|swp)$|~$/.test(name)) return `leftover copy of a fixture, never run: delete it (${fix})`;
  if (/\.json$/.test(name)) return `never run as a fixture: rename it to fixture_${name.replace(/^fixture[-_]?/i, '')} or delete it (${fix})`;
  return `not a fixture: delete it or move it out of reference/ (${fix})`;
}

const NO_FIXTURES = /^(no reference\/ folder|reference\/ has no fixture)/;

/**
 * --strict: check 12 fails on stray files in reference/, on warn (degraded comparators, every fixture
 * skipped, empty expected_outputs, undeclared extra outputs) and when the tool has no fixtures at all.
 * Fixtures naming outputs the tool no longer declares already fail check 12 (the loader refuses them).
 */
export function applyStrict(report: Report, toolDir: string): Report {
  const index = report.checks.findIndex((c) => c.number === 12);
  const check = report.checks[index];
  if (!check) return report;
  const reasons: string[] = [];
  const stray = strayReferenceFiles(toolDir);
  if (stray.length) reasons.push(`${stray.length} file(s) in reference/ that pixie never reads: ${stray.map((s) => s.file).join(', ')}`);
  if (check.status === 'warn') reasons.push(`check 12 warned: ${check.message}`);
  if (check.status === 'skip' && NO_FIXTURES.test(check.message)) reasons.push(`${check.message}; add a reference/fixture_<name>.json (pixie validate ${path.basename(toolDir)} --update-fixtures --yes writes one from the sample inputs)`);
  if (reasons.length === 0) return report;
  const details = [
    ...stray.map((s) => `${s.file}: ${s.message}`),
    ...(check.status === 'warn' && check.details ? [check.details] : []),
    '--strict fails check 12 on stray reference files, on warnings and on tools without fixtures',
  ];
  const message = check.status === 'fail'
    ? `${check.message}; --strict: ${reasons.join('; ')}`
    : `--strict: ${reasons.join('; ')}`;
  const checks = [...report.checks];
  checks[index] = { ...check, status: 'fail', message, details: [check.status === 'fail' ? check.details : null, ...details].filter(Boolean).join('\n') };
  return { ...report, checks, overall: overallOf(checks.map((c) => c.status)) };
}
