import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileReferenceSchema } from '../schema/ajv.js';
import { findingLine, type Finding } from '../model/finding.js';
import { loadTolerance, parseToleranceText } from './load.js';
import { TEST_OUTPUTS, fakeComparatorFor } from './test-comparators.test-helper.js';

const ctx = { outputs: TEST_OUTPUTS, comparatorFor: fakeComparatorFor };

function parse(text: string) {
  const problems: Finding[] = [];
  const config = parseToleranceText(text, ctx, problems);
  return { config, problems };
}

function refDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pixie-tol-'));
  const ref = path.join(dir, 'reference');
  mkdirSync(ref);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(ref, name), text);
  return ref;
}

describe('loadTolerance: files', () => {
  it('a missing file is an empty config with no problems', () => {
    const { config, problems } = loadTolerance(refDir({}), ctx);
    expect(problems).toEqual([]);
    expect(config).toEqual({
      form: 'none',
      defaults: {},
      overrides: {},
      options: { on_extra_output_key: 'warn', on_missing_expected_key: 'fail', truncate_diff_chars: 400 },
    });
  });

  it('reads reference/tolerance.yaml from disk', () => {
    const { config, problems } = loadTolerance(refDir({ 'tolerance.yaml': 'final_value: { abs: 0.005 }\n' }), ctx);
    expect(problems).toEqual([]);
    expect(config.overrides).toEqual({ final_value: { abs: 0.005 } });
  });

  it('a tolerance.yml that would be ignored is reported', () => {
    const { problems } = loadTolerance(refDir({ 'tolerance.yml': 'final_value: { abs: 0.005 }\n' }), ctx);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file).toBe('reference/tolerance.yml');
    expect(problems[0]!.message).toContain('rename it to tolerance.yaml');
  });

  it('an unreadable path (a directory) is a problem, not a throw', () => {
    const ref = refDir({});
    mkdirSync(path.join(ref, 'tolerance.yaml'));
    const { problems } = loadTolerance(ref, ctx);
    expect(problems[0]!.message).toContain('could not read the file (EISDIR)');
  });

  it.each([
    ['empty', ''],
    ['only comments', '# tolerances come later\n'],
  ])('an %s file is an empty config', (_l, text) => {
    const { config, problems } = parse(text);
    expect(problems).toEqual([]);
    expect(config.form).toBe('none');
  });
});

describe('loadTolerance: the short form', () => {
  it('keys by output, normalising synonyms at the top and inside nested tolerance options', () => {
    const { config, problems } = parse(
      [
        'final_value: { abs: 0.005 }',
        'total_interest: { rtol: 0.001 }',
        'growth_chart: { series: { atol: 0.01 } }',
        'schedule: { compare: rows_unordered, columns: { amount: { float_atol: 0.01 } }, key: [month] }',
        'summary: { compare: skip }',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(config.form).toBe('short');
    expect(config.overrides).toEqual({
      final_value: { abs: 0.005 },
      total_interest: { rel: 0.001 },
      growth_chart: { series: { abs: 0.01 } },
      schedule: { compare: 'rows_unordered', columns: { amount: { abs: 0.01 } }, key: ['month'] },
      summary: { compare: 'skip' },
    });
    expect(config.defaults).toEqual({});
  });
});

describe('loadTolerance: the structured form', () => {
  it('reads defaults per type, overrides per key and options', () => {
    const { config, problems } = parse(
      [
        'defaults:',
        '  number: { rtol: 1.0e-6, atol: 1.0e-9 }',
        '  table: { compare: rows_unordered, float_rtol: 0.01 }',
        'overrides:',
        '  final_value: { rtol: 1.0e-4 }',
        'options:',
        '  on_extra_output_key: ignore',
        '  on_missing_expected_key: warn',
        '  truncate_diff_chars: 200',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(config).toEqual({
      form: 'structured',
      defaults: { number: { rel: 1e-6, abs: 1e-9 }, table: { compare: 'rows_unordered', rel: 0.01 } },
      overrides: { final_value: { rel: 1e-4 } },
      options: { on_extra_output_key: 'ignore', on_missing_expected_key: 'warn', truncate_diff_chars: 200 },
    });
  });

  it('accepts empty sections', () => {
    const { config, problems } = parse('defaults:\noverrides:\noptions:\n');
    expect(problems).toEqual([]);
    expect(config.form).toBe('structured');
  });

  it('accepts defaults for output types the tool does not use (shared files)', () => {
    expect(parse('defaults:\n  chart_bar: { rtol: 0.01 }\n').problems).toEqual([]);
  });
});

describe('loadTolerance: every error has its line and a fix', () => {
  const cases: { label: string; yaml: string; line: number; path: string; message: string }[] = [
    {
      label: 'typo in a tolerance key (rtoll)',
      yaml: '# tolerances\ndefaults:\n  number: { rtol: 1.0e-6 }\noverrides:\n  final_value: { rtoll: 1.0e-4 }\n',
      line: 5,
      path: 'overrides.final_value.rtoll',
      message: "unknown tolerance key 'rtoll' for final_value (number) — did you mean 'rtol'?",
    },
    {
      label: 'typo in a short-form tolerance key, block style',
      yaml: 'total_interest:\n  rel: 0.001\nfinal_value:\n  rtoll: 0.001\n',
      line: 4,
      path: 'final_value.rtoll',
      message: "unknown tolerance key 'rtoll' for final_value (number) — did you mean 'rtol'?",
    },
    {
      label: 'unknown key with nothing close lists what is allowed',
      yaml: 'final_value: { wobble: 1 }\n',
      line: 1,
      path: 'final_value.wobble',
      message:
        "unknown tolerance key 'wobble' for final_value (number); allowed keys: compare, abs, rel, atol, rtol, float_atol, float_rtol",
    },
    {
      label: 'undeclared output key',
      yaml: '# short form\ntotal_interest: { rel: 0.001 }\nfinal_valu: { abs: 0.005 }\n',
      line: 3,
      path: 'final_valu',
      message: "'final_valu' is not an output of this tool — did you mean 'final_value'?",
    },
    {
      label: 'undeclared output key under overrides',
      yaml: 'overrides:\n  growth_chrt: { rtol: 0.01 }\n',
      line: 2,
      path: 'overrides.growth_chrt',
      message: "'growth_chrt' is not an output of this tool — did you mean 'growth_chart'?",
    },
    {
      label: 'undeclared output key with nothing close',
      yaml: 'overrides:\n  zzz: { rtol: 0.01 }\n',
      line: 2,
      path: 'overrides.zzz',
      message:
        "'zzz' is not an output of this tool; use one of: final_value, total_interest, growth_chart, schedule, summary",
    },
    {
      label: 'a misspelt section in the short form suggests the section',
      yaml: 'default:\n  number: { rtol: 0.01 }\n',
      line: 1,
      path: 'default',
      message: "'default' is not an output of this tool — did you mean 'defaults'?",
    },
    {
      label: 'unknown compare mode, close',
      yaml: 'schedule: { compare: rows_unorderd }\n',
      line: 1,
      path: 'schedule.compare',
      message: "unknown compare mode 'rows_unorderd' for schedule (table) — did you mean 'rows_unordered'?",
    },
    {
      label: 'unknown compare mode, far',
      yaml: 'overrides:\n  summary:\n    compare: fuzzy\n',
      line: 3,
      path: 'overrides.summary.compare',
      message:
        "unknown compare mode 'fuzzy' for summary (text); use one of exact, normalize_whitespace, levenshtein, skip",
    },
    {
      label: 'key:{…} without a space after the colon (top level)',
      yaml: 'total_interest: { rel: 0.001 }\nfinal_value:{abs: 0.005}\n',
      line: 2,
      path: '["final_value:{abs"]',
      message:
        "YAML read 'final_value:{abs: 0.005}' as text because there is no space after the colon; write 'final_value: {abs: 0.005}'",
    },
    {
      label: 'key:{…} without a space, nested under overrides',
      yaml: 'overrides:\n  final_value:{rtol: 1.0e-4}\n',
      line: 2,
      path: 'overrides["final_value:{rtol"]',
      message:
        "YAML read 'final_value:{rtol: 1.0e-4}' as text because there is no space after the colon; write 'final_value: {rtol: 1.0e-4}'",
    },
    {
      label: 'key:{…} with no spaces at all makes the whole file one string',
      yaml: 'final_value:{abs:0.005}\n',
      line: 1,
      path: '',
      message:
        "YAML read 'final_value:{abs:0.005}' as text because there is no space after the colon; write 'final_value: {abs:0.005}'",
    },
    {
      label: 'a value given as key:value text',
      yaml: 'overrides:\n  final_value: rtol:0.01\n',
      line: 2,
      path: 'overrides.final_value',
      message:
        "YAML read 'final_value: rtol:0.01' as text because there is no space after the colon; write 'final_value: rtol: 0.01'",
    },
    {
      label: 'mixing the short form with the structured form',
      yaml: 'defaults:\n  number: { rtol: 1.0e-6 }\nfinal_value: { abs: 0.005 }\n',
      line: 3,
      path: 'final_value',
      message:
        "'final_value' is a short-form entry but this file also uses defaults/overrides/options; the two forms cannot be mixed, so move it under overrides:",
    },
    {
      label: 'unknown top-level key in the structured form',
      yaml: 'defaults: {}\noverides:\n  final_value: { rtol: 1 }\n',
      line: 2,
      path: 'overides',
      message: "unknown top-level key 'overides' — did you mean 'overrides'?",
    },
    {
      label: 'defaults keyed by something that is not an output type',
      yaml: 'defaults:\n  numbr: { rtol: 1 }\n',
      line: 2,
      path: 'defaults.numbr',
      message: "'numbr' is not an output type — did you mean 'number'?",
    },
    {
      label: 'defaults keyed by an output key',
      yaml: 'defaults:\n  final_value: { rtol: 1 }\n',
      line: 2,
      path: 'defaults.final_value',
      message:
        "'final_value' is not an output type; defaults are keyed by output type (number, table, chart_line, …); per-output settings go under overrides",
    },
    {
      label: 'a key and its synonym together',
      yaml: 'final_value:\n  abs: 0.005\n  atol: 0.01\n',
      line: 3,
      path: 'final_value.atol',
      message: "'abs' and 'atol' are the same setting for final_value (number); keep only one of them",
    },
    {
      label: 'two synonyms together inside a nested tolerance option',
      yaml: 'growth_chart:\n  series:\n    rtol: 0.01\n    float_rtol: 0.02\n',
      line: 4,
      path: 'growth_chart.series.float_rtol',
      message: "'rtol' and 'float_rtol' are the same setting for series; keep only one of them",
    },
    {
      label: 'a negative tolerance',
      yaml: 'final_value: { abs: -0.1 }\n',
      line: 1,
      path: 'final_value.abs',
      message: 'abs for final_value (number) must be ≥ 0, got -0.1',
    },
    {
      label: 'a quoted number',
      yaml: 'final_value:\n  rel: "0.1"\n',
      line: 2,
      path: 'final_value.rel',
      message: 'rel for final_value (number) must be a number ≥ 0, got the string "0.1"',
    },
    {
      label: 'a string where a list of strings is expected',
      yaml: 'schedule: { key: month }\n',
      line: 1,
      path: 'schedule.key',
      message: 'key for schedule (table) must be a list of strings; write ["month"]',
    },
    {
      label: 'an integer option given a fraction',
      yaml: 'schedule: { round_digits: 2.5 }\n',
      line: 1,
      path: 'schedule.round_digits',
      message: 'round_digits for schedule (table) must be a whole number, got 2.5',
    },
    {
      label: 'a boolean option given a string',
      yaml: 'schedule: { allow_extra: "yes" }\n',
      line: 1,
      path: 'schedule.allow_extra',
      message: 'allow_extra for schedule (table) must be true or false, got the string "yes"',
    },
    {
      label: 'a nested tolerance option that is not a mapping',
      yaml: 'growth_chart: { series: 0.01 }\n',
      line: 1,
      path: 'growth_chart.series',
      message: 'series must be a mapping such as { abs: 0.01 } or { <name>: { abs: 0.01 } }, got the number 0.01',
    },
    {
      label: 'a typo inside a nested tolerance option',
      yaml: 'growth_chart:\n  series:\n    abz: 0.01\n',
      line: 3,
      path: 'growth_chart.series.abz',
      message: "unknown key 'abz' in series — did you mean 'abs'?",
    },
    {
      label: 'a tolerance block that is a bare number',
      yaml: 'final_value: 0.005\n',
      line: 1,
      path: 'final_value',
      message: 'the tolerance for final_value (number) must be a mapping such as { abs: 0.005 }, got the number 0.005',
    },
    {
      label: 'an empty per-key entry',
      yaml: 'final_value:\n',
      line: 1,
      path: 'final_value',
      message:
        'the tolerance entry for final_value (number) is empty; give it settings such as { abs: 0.005 } or remove it',
    },
    {
      label: 'an option policy typo',
      yaml: 'options:\n  on_missing_expected_key: fial\n',
      line: 2,
      path: 'options.on_missing_expected_key',
      message: 'on_missing_expected_key must be warn, fail or ignore, got the string "fial" — did you mean \'fail\'?',
    },
    {
      label: 'an unknown option',
      yaml: 'options:\n  truncate_diff_char: 10\n',
      line: 2,
      path: 'options.truncate_diff_char',
      message: "unknown option 'truncate_diff_char' — did you mean 'truncate_diff_chars'?",
    },
    {
      label: 'a section that is not a mapping',
      yaml: 'overrides: [final_value]\n',
      line: 1,
      path: 'overrides',
      message: 'overrides must be a mapping, got a list',
    },
    {
      label: 'a top level that is a list',
      yaml: '- final_value\n',
      line: 1,
      path: '',
      message: 'the top level must be a mapping (output key: { abs: … }, or defaults/overrides/options), got a list',
    },
    {
      label: 'a YAML syntax error (unclosed flow mapping)',
      yaml: 'total_interest: { rel: 0.001 }\nfinal_value: { abs: 0.005\nsummary: { compare: exact }\n',
      line: 2,
      path: '',
      message: "the '{' on line 2 is not closed; add '}' at the end of that entry",
    },
    {
      label: 'an unclosed quote',
      yaml: "final_value: { abs: 1 }\nsummary: { compare: 'exact }\n",
      line: 2,
      path: '',
      message: "YAML syntax error: Missing closing 'quote; the ' on line 2 is not closed; add the closing '",
    },
    {
      label: 'a duplicated key',
      yaml: 'final_value: { abs: 1 }\nfinal_value: { abs: 2 }\n',
      line: 2,
      path: '',
      message: 'YAML syntax error: Map keys must be unique; remove or rename one of the two entries',
    },
    {
      label: 'tab indentation',
      yaml: 'final_value:\n\tabs: 1\n',
      line: 2,
      path: '',
      message: 'indent with spaces, not tabs',
    },
  ];

  it.each(cases)('$label', ({ yaml, line, path: p, message }) => {
    const { problems } = parse(yaml);
    const hit = problems.find((x) => x.message.includes(message));
    expect(hit, `problems were: ${JSON.stringify(problems, null, 1)}`).toBeDefined();
    expect(hit!.line).toBe(line);
    expect(hit!.path ?? '').toBe(p); // a finding about the whole file has no path
    expect(hit!.file).toBe('reference/tolerance.yaml');
  });

  it('formats a problem as file, line, path and the sentence', () => {
    const { problems } = parse('total_interest: { rel: 0.001 }\n\nfinal_valu: { abs: 0.005 }\n');
    expect(problems.map(findingLine)).toEqual([
      "reference/tolerance.yaml line 3 (final_valu): 'final_valu' is not an output of this tool — did you mean 'final_value'?",
    ]);
  });

  it('reports every problem in the file, not only the first', () => {
    const { problems, config } = parse(
      [
        'overrides:',
        '  final_value: { rtoll: 1.0e-4 }',
        '  final_valu: { rtol: 1 }',
        '  schedule: { compare: nope }',
        'options:',
        '  on_extra_output_key: loud',
        'total_interest: { rel: 1 }',
      ].join('\n'),
    );
    expect(problems.map((p) => p.line).sort()).toEqual([2, 3, 4, 6, 7]);
    // the valid parts still come through, so one report can show everything
    expect(config.overrides.final_value).toEqual({});
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const { problems } = parse(text);
        for (const p of problems) expect(typeof p.message).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});

describe('reference-schemas/tolerance.schema.json (for editors)', () => {
  const validate = compileReferenceSchema('tolerance.schema.json');
  it('accepts both forms', () => {
    expect(validate({ final_value: { abs: 0.005 }, growth_chart: { series: { abs: 0.01 } } })).toBe(true);
    expect(
      validate({
        defaults: { number: { rtol: 1e-6, atol: 1e-9 }, table: { compare: 'rows_unordered' } },
        overrides: { final_value: { rtol: 1e-4 } },
        options: { on_extra_output_key: 'warn', on_missing_expected_key: 'fail' },
      }),
    ).toBe(true);
  });
  it('rejects a mixed file, unknown types in defaults, bad policies and negative tolerances', () => {
    expect(validate({ defaults: {}, final_value: { abs: 1 } })).toBe(false);
    expect(validate({ defaults: { numbr: {} } })).toBe(false);
    expect(validate({ options: { on_extra_output_key: 'loud' } })).toBe(false);
    expect(validate({ final_value: { abs: -1 } })).toBe(false);
  });
});
