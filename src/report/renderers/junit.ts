// JUnit XML as Jenkins, GitLab and GitHub test reporters read it: <testsuites> → one <testsuite> per
// tool → one <testcase> per check and one per fixture (classname `<tool>.checks` / `<tool>.fixtures`,
// so CI groups them). A failing check or fixture carries a <failure> whose text is the same per-output
// lines as the terminal report; warn is a pass with the warning in <system-out>; skip is <skipped>;
// a flaky fixture (its runs both passed and failed) is a pass whose <system-out> starts "flaky:", and
// the suite's `flaky` property counts them (the format has no status of its own for it). --explore
// adds one <testcase> per kind of failure found (classname `<tool>.explore`), or one passing case.
// Valid against test/fixtures/junit/junit.xsd.
import os from 'node:os';
import path from 'node:path';
import pc from 'picocolors';
import type { CheckResult, FixtureResult, FixtureStatus, Report } from '../../model/report.js';
import { exploreLines } from './explore-lines.js';
import { safeReport } from '../safe-text.js';
import { fixtureLines } from './pretty.js';

const plain = pc.createColors(false);

/** Text safe inside XML 1.0: the five entities escaped, characters XML forbids dropped. */
export function xmlEscape(s: string): string {
  return (
    s
      // eslint-disable-next-line no-control-regex
      .replace(
        /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
        '',
      )
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** Attribute values also keep their line breaks and tabs (parsers normalise raw ones to spaces). */
function attr(s: string): string {
  return xmlEscape(s).replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);
const firstLine = (s: string) => s.split('\n')[0]!.slice(0, 500);

interface Case {
  name: string;
  classname: string;
  time: number;
  file?: string;
  status: FixtureStatus | 'error';
  message: string;
  body: string;
  /** a passing case's <system-out>: a fixture's description */
  out?: string;
}

function checkCase(r: Report, k: CheckResult): Case {
  const body = [k.message, ...(k.details ? [k.details] : [])].join('\n');
  return {
    name: `${String(k.number).padStart(2, '0')} ${k.name}`,
    classname: `${r.tool_id}.checks`,
    time: k.duration_ms,
    file: k.phase === 'fixtures' ? undefined : rel(path.join(r.tool_path, 'tool.json')),
    status: k.status,
    message: k.message,
    body,
  };
}

function fixtureCase(r: Report, f: FixtureResult): Case {
  return {
    name: f.file,
    classname: `${r.tool_id}.fixtures`,
    time: f.duration_ms,
    file: rel(path.join(r.tool_path, 'reference', f.file)),
    status: f.status,
    message: f.message,
    body: fixtureLines(f, plain, '', r.value_chars).join('\n'),
    ...(f.description ? { out: f.description } : {}),
  };
}

/** --explore: one failing case per kind of failure found, or one passing case when none was. */
function exploreCases(r: Report): Case[] {
  const e = r.explore;
  if (!e) return [];
  const base = { classname: `${r.tool_id}.explore`, file: rel(path.join(r.tool_path, 'tool.json')) };
  if (e.failures.length === 0)
    return [{ ...base, name: 'explore', time: e.duration_ms, status: e.status, message: e.message, body: e.message }];
  return e.failures.map((f, i) => ({
    ...base,
    name: `explore ${i + 1} ${f.kind}${f.offending.length ? ` (${f.offending.join(', ')})` : ''}`,
    time: i === 0 ? e.duration_ms : 0,
    status: 'fail',
    message: f.message,
    body: exploreLines({ ...e, failures: [f] }, plain, '').join('\n'),
  }));
}

function rel(file: string): string {
  return path.relative(process.cwd(), file).split(path.sep).join('/');
}

function failureType(classname: string): string {
  if (classname.endsWith('.fixtures')) return 'fixture_mismatch';
  return classname.endsWith('.explore') ? 'explore_failure' : 'check_failed';
}

function caseXml(c: Case): string {
  const head = `    <testcase name="${attr(c.name)}" classname="${attr(c.classname)}" time="${seconds(c.time)}"${c.file ? ` file="${attr(c.file)}"` : ''}`;
  switch (c.status) {
    case 'pass':
      return c.out ? `${head}>\n      <system-out>${xmlEscape(c.out)}</system-out>\n    </testcase>` : `${head}/>`;
    case 'skip':
      return `${head}>\n      <skipped message="${attr(firstLine(c.message))}"/>\n    </testcase>`;
    case 'warn':
    case 'flaky':
      return `${head}>\n      <system-out>${xmlEscape(`${c.status}: ${c.body}`)}</system-out>\n    </testcase>`;
    case 'error':
      return `${head}>\n      <error message="${attr(firstLine(c.message))}" type="pixie_internal_error">${xmlEscape(c.body)}</error>\n    </testcase>`;
    default:
      return `${head}>\n      <failure message="${attr(firstLine(c.message))}" type="${failureType(c.classname)}">${xmlEscape(c.body)}</failure>\n    </testcase>`;
  }
}

function suiteXml(r: Report): { xml: string; tests: number; failures: number; errors: number; skipped: number } {
  const cases = [
    ...r.checks.map((k) => checkCase(r, k)),
    ...r.fixtures.map((f) => fixtureCase(r, f)),
    ...exploreCases(r),
  ];
  if (r.errors.length) {
    cases.push({
      name: 'pixie internal error',
      classname: `${r.tool_id}.pixie`,
      time: 0,
      status: 'error',
      message: r.errors[0]!.split('\n')[0]!,
      body: r.errors.join('\n\n'),
    });
  }
  const failures = cases.filter((c) => c.status === 'fail').length;
  const errors = cases.filter((c) => c.status === 'error').length;
  const skipped = cases.filter((c) => c.status === 'skip').length;
  const flaky = cases.filter((c) => c.status === 'flaky').length;
  const props = [
    ['tool_path', rel(r.tool_path)],
    ['overall', r.overall],
    ...(flaky ? [['flaky', String(flaky)]] : []),
    ...(r.peak_memory_mb !== null ? [['peak_memory_mb', String(Math.round(r.peak_memory_mb))]] : []),
  ];
  const out = [
    `  <testsuite name="${attr(r.tool_id)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${seconds(r.duration_ms)}" timestamp="${attr(r.timestamp.replace(/(\.\d+)?Z$/, ''))}" hostname="${attr(os.hostname())}" package="pixie">`,
    '    <properties>',
    ...props.map(([k, v]) => `      <property name="${attr(k!)}" value="${attr(v!)}"/>`),
    '    </properties>',
    ...cases.map(caseXml),
  ];
  const warnings = [
    ...r.warnings,
    ...r.checks.filter((k) => k.status === 'warn').map((k) => `check ${k.number} ${k.name}: ${k.message}`),
  ];
  if (warnings.length) out.push(`    <system-out>${xmlEscape(warnings.join('\n'))}</system-out>`);
  if (r.overall === 'fail' && r.spawn_log)
    out.push(`    <system-err>${xmlEscape(r.spawn_log.trimEnd().split('\n').slice(-50).join('\n'))}</system-err>`);
  out.push('  </testsuite>');
  return { xml: out.join('\n'), tests: cases.length, failures, errors, skipped };
}

export function renderJunit(reports: readonly Report[], opts: { wallMs?: number } = {}): string {
  const suites = reports.map((r) => suiteXml(safeReport(r)));
  const sum = (k: 'tests' | 'failures' | 'errors' | 'skipped') => suites.reduce((n, s) => n + s[k], 0);
  const time = opts.wallMs ?? reports.reduce((n, r) => n + r.duration_ms, 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="pixie" tests="${sum('tests')}" failures="${sum('failures')}" errors="${sum('errors')}" time="${seconds(time)}">`,
    ...suites.map((s) => s.xml),
    '</testsuites>',
    '',
  ].join('\n');
}
