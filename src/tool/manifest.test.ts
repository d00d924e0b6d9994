import { mkdirSync, mkdtempSync, readdirSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INPUT_TYPES, OUTPUT_TYPES } from '../model/manifest.js';
import { loadManifest, parseManifestText } from './manifest.js';
import type { ManifestLoad } from './manifest.js';
import type { Finding } from '../model/finding.js';

const options = [
  { value: 'a', label: 'A' },
  { value: 2, label: 'Two' },
  { value: true, label: 'Yes' },
];
const centre = { default_center: [51.5, -0.12], default_zoom: 10 };

const INPUT_EXTRAS: Record<string, Record<string, unknown>> = {
  text: { placeholder: 'name', max_length: 80 },
  textarea: { placeholder: null, max_length: null, monospace: true },
  number: { min: 0, max: 10.5, step: 0.5, unit: '%' },
  slider: { min: 0, max: 100, step: 1, range: true },
  select: { options, searchable: true },
  multiselect: { options },
  radio: { options },
  date: { min: '2020-01-01', max: null },
  file: { accept: ['.csv', 'text/plain'], max_size_mb: 5, multiple: false },
  image: { max_size_mb: 2, multiple: true },
  audio: { max_size_mb: 10 },
  json: { schema: { type: 'object' } },
  code: { language: 'python' },
  tags: { suggestions: ['a', 'b'] },
  autocomplete: { endpoint: '/autocomplete/city' },
  table: { columns: [{ key: 'a', label: 'A', type: 'number' }], min_rows: 0, max_rows: 10 },
  map_point: centre,
  map_bbox: centre,
  map_polygon: { default_center: null },
  map_multipoint: centre,
  hidden: { default: 'secret-mode' },
};

const OUTPUT_EXTRAS: Record<string, Record<string, unknown>> = {
  number: { format: 'currency', precision: 2, unit: '$' },
  boolean: { true_label: 'Yes', false_label: null },
  table: { columns: [{ key: 'a', label: 'A', type: 'text' }], downloadable: true },
  chart_line: { x_label: 'Year', y_label: null, log_x: false, log_y: true },
  chart_area: { x_label: 'Day' },
  map_points: centre,
  code: { language: 'sql' },
  stream_text: { streaming: true },
  image: {
    layout: 'tab',
    caption: 'a caption',
    default_export_format: 'png',
    supported_export_formats: ['png', 'jpg'],
  },
};

function fullManifest(): Record<string, unknown> {
  // cloned: the extras above are shared, and tests mutate the result
  return structuredClone({
    id: 'everything',
    name: 'Every type',
    description: 'uses all types',
    version: '1.0.0',
    category: 'Test/All',
    icon: 'beaker',
    layout: 'split',
    warm_keep_seconds: 60,
    max_memory_mb: 1024,
    max_runtime_seconds: 30,
    secrets: [{ key: 'API_KEY', description: 'for the API', required: true }],
    schema_version: '1.0',
    concurrent: false,
    validator_timeout_override: null,
    requires_data_persistence: false,
    input_transport: 'json',
    provides_file_endpoint: false,
    provides_autocomplete: true,
    retain_runs: 10,
    tags: ['x'],
    archived: false,
    pinned_warm: false,
    entrypoint: 'main.mjs',
    package: null,
    workspace_default: 'in_text',
    inputs: INPUT_TYPES.map((type) => ({
      key: `in_${type}`,
      type,
      label: type,
      description: null,
      required: type !== 'hidden',
      group: 'g',
      ...(type === 'number' ? { show_if: { key: 'in_checkbox', equals: true } } : {}),
      ...INPUT_EXTRAS[type],
    })),
    outputs: OUTPUT_TYPES.map((type) => ({ key: `out_${type}`, type, label: type, ...OUTPUT_EXTRAS[type] })),
  });
}

function problemsOf(load: ManifestLoad): Finding[] {
  if (load.ok) throw new Error('expected the manifest to fail');
  return load.problems;
}

/** A finding as the old problem shape: path ('' for the whole file), line and message. */
function located({ path: p = '', line, message }: Finding): { path: string; line?: number; message: string } {
  return { path: p, ...(line !== undefined ? { line } : {}), message };
}

function schemaProblems(mutate: (m: any) => void): Finding[] {
  const m = fullManifest();
  mutate(m);
  const load = parseManifestText(JSON.stringify(m, null, 2));
  expect(load.ok ? 'ok' : load.stage).toBe('schema');
  return problemsOf(load);
}

describe('valid manifests', () => {
  it('accepts a manifest that uses all 28 input types and all 39 output types with their fields', () => {
    const m = fullManifest();
    const text = JSON.stringify(m, null, 2);
    const load = parseManifestText(text);
    expect(load.ok ? [] : load.problems).toEqual([]);
    if (!load.ok) return;
    expect(load.manifest.inputs).toHaveLength(28);
    expect(load.manifest.outputs).toHaveLength(39);
    expect(load.raw).toEqual(m);
    expect(load.text).toBe(text);
    expect(load.manifest).not.toBe(load.raw); // callers may annotate the manifest; check 7 compares raw
  });

  it('accepts the minimal manifest and every entrypoint form', () => {
    for (const entrypoint of ['main.ts', 'main.js', 'main.mjs', 'main.py', 'server/app.ts']) {
      expect(parseManifestText(JSON.stringify({ id: 'a', name: 'A', inputs: [], outputs: [], entrypoint })).ok).toBe(
        true,
      );
    }
  });

  it('strips a UTF-8 byte-order mark', () => {
    expect(parseManifestText('\ufeff{"id":"a","name":"A","inputs":[],"outputs":[]}').ok).toBe(true);
  });

  it('accepts every example tool in tools/', () => {
    const toolsDir = fileURLToPath(new URL('../../tools/', import.meta.url));
    if (!existsSync(toolsDir)) return;
    for (const id of readdirSync(toolsDir)) {
      if (!existsSync(path.join(toolsDir, id, 'tool.json'))) continue;
      const load = loadManifest(path.join(toolsDir, id));
      expect(load.ok ? [] : load.problems, id).toEqual([]);
    }
  });
});

describe('reading the file', () => {
  it('reports a missing tool.json as stage missing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pixie-manifest-'));
    const load = loadManifest(dir);
    expect(load.ok ? 'ok' : load.stage).toBe('missing');
    expect(problemsOf(load)[0]!.message).toContain('tool.json not found');
  });

  it('reports an unreadable tool.json as stage read', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pixie-manifest-'));
    mkdirSync(path.join(dir, 'tool.json'));
    const load = loadManifest(dir);
    expect(load.ok ? 'ok' : load.stage).toBe('read');
    expect(problemsOf(load)[0]!.message).toContain('it is a directory');
  });

  it('loads from disk', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pixie-manifest-'));
    writeFileSync(path.join(dir, 'tool.json'), JSON.stringify(fullManifest()));
    expect(loadManifest(dir).ok).toBe(true);
  });
});

describe('JSON syntax errors', () => {
  const jsonProblems = (text: string) => {
    const load = parseManifestText(text);
    expect(load.ok ? 'ok' : load.stage).toBe('json');
    return problemsOf(load);
  };

  it('names a trailing comma once, with line, column and fix', () => {
    const text = '{\n  "id": "a",\n  "inputs": [\n    {\n      "key": "x",\n    }\n  ]\n}\n';
    expect(jsonProblems(text).map(located)).toEqual([
      {
        path: '',
        line: 6,
        message:
          "tool.json line 6, column 5: trailing comma before '}' — remove the comma after the last item (line 5)",
      },
    ]);
  });

  it('lists every trailing comma, and a trailing comma in an array', () => {
    const problems = jsonProblems('{\n  "tags": ["a",],\n  "id": "b",\n}');
    expect(problems.map((p) => p.message)).toEqual([
      "tool.json line 2, column 16: trailing comma before ']' — remove the comma after the last item (line 2)",
      "tool.json line 4, column 1: trailing comma before '}' — remove the comma after the last item (line 3)",
    ]);
  });

  it.each([
    ['{\n  "id": "a" // note\n}', 'line 2, column 13: comments are not allowed in JSON — remove the comment'],
    [
      '{\n  "id": "a"\n  "name": "b"\n}',
      `line 3, column 3: missing comma before '"name"' — add ',' after the previous item (line 2)`,
    ],
    ["{\n  'id': 'a'\n}", 'line 2, column 3: single quotes are not JSON — use double quotes'],
    ['{\n  "concurrent": True\n}', "line 2, column 17: 'True' is not a JSON value — write true"],
    ['{\n  "id": a\n}', `unexpected 'a' — strings must be in double quotes ("a")`],
    ['{\n  "max_memory_mb": 0512\n}', 'JSON numbers cannot start with 0 — remove the leading zero'],
    ['{\n  "id": "a"', 'the file ends too early'],
    ['{"id": "a"} {}', "unexpected '{' after the end of the JSON object — remove it"],
    ['{"id" "a"}', "expected ':' after the property name"],
    [
      '{"id": "a\nb"}',
      'a string is not closed on its line — add the closing double quote (write a line break inside a string as \\n)',
    ],
    ['{"id": "a\tb"}', 'control character'],
    ['  \n', 'tool.json is empty'],
  ])('%j', (text, fragment) => {
    const problems = jsonProblems(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain(fragment);
    expect(problems[0]!.line).toBeGreaterThan(0);
  });

  it('rejects duplicate keys, naming the path and both lines', () => {
    const text =
      '{\n  "id": "a",\n  "inputs": [\n    {\n      "key": "x",\n      "label": "X",\n      "type": "text",\n      "label": "Y"\n    }\n  ]\n}';
    expect(jsonProblems(text).map(located)).toEqual([
      {
        path: '/inputs/0/label',
        line: 8,
        message:
          "duplicate key 'label' in /inputs/0 (lines 6 and 8) — JSON keeps only the last one; remove or rename one of them",
      },
    ]);
  });
});

describe('schema errors', () => {
  const messages = (problems: Finding[]) => problems.map((p) => p.message);

  it("unknown key with a suggestion, at the key's line", () => {
    const problems = schemaProblems((m) => {
      m.inputs[0].lable = m.inputs[0].label;
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toBe("unknown key 'lable' in /inputs/0 — did you mean 'label'?");
    expect(problems[0]!.path).toBe('/inputs/0/lable');
    const text = JSON.stringify(
      (() => {
        const m: any = fullManifest();
        m.inputs[0].lable = 'x';
        return m;
      })(),
      null,
      2,
    );
    expect(text.split('\n')[problems[0]!.line! - 1]).toContain('"lable"');
  });

  it('unknown key at the top level and in sub-objects', () => {
    expect(
      messages(
        schemaProblems((m) => {
          m.descripton = 'x';
        }),
      ),
    ).toEqual(["unknown key 'descripton' at the top level — did you mean 'description'?"]);
    expect(
      messages(
        schemaProblems((m) => {
          m.secrets[0].label = 'x';
        }),
      ),
    ).toEqual(["unknown key 'label' in /secrets/0 — did you mean 'description'?"]);
    expect(
      messages(
        schemaProblems((m) => {
          m.inputs[4].options[0].text = 'x';
        }),
      )[0],
    ).toContain("unknown key 'text' in /inputs/4/options/0 — remove it (allowed here: value, label)");
    expect(
      messages(
        schemaProblems((m) => {
          m.inputs[22].columns[0].width = 3;
        }),
      )[0],
    ).toContain("unknown key 'width' in /inputs/22/columns/0");
    expect(
      messages(
        schemaProblems((m) => {
          m.inputs[3].show_if = { key: 'a', equals: 1, not: 2 };
        }),
      )[0],
    ).toContain("unknown key 'not' in /inputs/3/show_if");
  });

  it('a spec field of another type is an error, naming the types that take it', () => {
    const i = OUTPUT_TYPES.indexOf('chart_bar');
    expect(
      messages(
        schemaProblems((m) => {
          m.outputs[i].x_label = 'Year';
        }),
      ),
    ).toEqual([
      `unknown key 'x_label' in /outputs/${i} — only chart_line, chart_area outputs take 'x_label', not chart_bar; remove it (a tool can return such settings inside the value instead)`,
    ]);
    expect(
      messages(
        schemaProblems((m) => {
          m.inputs[0].min = 1;
        }),
      )[0],
    ).toContain("unknown key 'min' in /inputs/0 — only number, slider, date inputs take 'min', not text");
  });

  it('unknown input and output types, with suggestions and no cascade', () => {
    expect(
      messages(
        schemaProblems((m) => {
          m.outputs[13].type = 'chart_lines';
        }),
      ),
    ).toEqual([
      "unknown output type 'chart_lines' at /outputs/13/type — did you mean 'chart_line'? (see reference-schemas/tool.schema.json for the 39 types)",
    ]);
    expect(
      messages(
        schemaProblems((m) => {
          m.inputs[3].type = 'slidr';
        }),
      ),
    ).toEqual([
      "unknown input type 'slidr' at /inputs/3/type — did you mean 'slider'? (see reference-schemas/tool.schema.json for the 28 types)",
    ]);
    expect(
      messages(
        schemaProblems((m) => {
          m.inputs[0].type = 'wibble';
        }),
      )[0],
    ).toContain("unknown input type 'wibble' at /inputs/0/type — use one of the listed types");
  });

  it('missing required fields, by type', () => {
    expect(
      messages(
        schemaProblems((m) => {
          m.inputs[3] = { key: 'rate', type: 'slider', label: 'Rate', max: 5 };
        }),
      ),
    ).toEqual([`input 'rate' (/inputs/3) of type slider needs 'min' — add "min": <number>`]);
    const slider = schemaProblems((m) => {
      m.inputs[1] = { key: 'rate', type: 'slider', label: 'Rate', step: 1 };
    });
    expect(messages(slider)).toEqual([
      `input 'rate' (/inputs/1) of type slider needs 'min' — add "min": <number>`,
      `input 'rate' (/inputs/1) of type slider needs 'max' — add "max": <number>`,
    ]);
    expect(
      messages(
        schemaProblems((m) => {
          delete m.inputs[4].options;
        }),
      ),
    ).toEqual([`input 'in_select' (/inputs/4) of type select needs 'options' — add "options": [ … ]`]);
    expect(
      messages(
        schemaProblems((m) => {
          delete m.inputs[21].endpoint;
        }),
      )[0],
    ).toContain(`of type autocomplete needs 'endpoint'`);
    expect(
      messages(
        schemaProblems((m) => {
          delete m.inputs[22].columns;
        }),
      )[0],
    ).toContain(`of type table needs 'columns'`);
    expect(
      messages(
        schemaProblems((m) => {
          delete m.outputs[0].label;
        }),
      ),
    ).toEqual([`output 'out_text' (/outputs/0) of type text needs 'label' — add "label": "…"`]);
    expect(
      messages(
        schemaProblems((m) => {
          delete m.outputs[0].type;
        }),
      ),
    ).toEqual([
      `output 'out_text' (/outputs/0) needs 'type' — add "type": one of the 39 output types (see reference-schemas/tool.schema.json)`,
    ]);
    expect(
      messages(
        schemaProblems((m) => {
          delete m.name;
        }),
      ),
    ).toEqual([`tool.json needs 'name' at the top level — add "name": "…"`]);
    expect(
      messages(
        schemaProblems((m) => {
          m.inputs[3].show_if = { key: 'x' };
        }),
      )[0],
    ).toContain(`/inputs/3/show_if needs 'equals'`);
  });

  it('wrong types', () => {
    expect(
      messages(
        schemaProblems((m) => {
          m.max_runtime_seconds = '60';
        }),
      ),
    ).toEqual(['expected a whole number at /max_runtime_seconds, got string "60" — remove the quotes: 60']);
    expect(
      messages(
        schemaProblems((m) => {
          m.max_runtime_seconds = 'soon';
        }),
      )[0],
    ).toContain('at /max_runtime_seconds, got string');
    expect(
      messages(
        schemaProblems((m) => {
          m.inputs[2].max = 'ten';
        }),
      )[0],
    ).toBe('expected a number or null at /inputs/2/max, got string "ten" — change it to a number or null');
    expect(
      messages(
        schemaProblems((m) => {
          m.concurrent = 'false';
        }),
      )[0],
    ).toBe('expected true or false at /concurrent, got string "false" — remove the quotes: false');
    expect(
      messages(
        schemaProblems((m) => {
          m.inputs = {};
        }),
      )[0],
    ).toBe('expected an array at /inputs, got object — change it to an array');
    expect(
      messages(
        schemaProblems((m) => {
          m.outputs[2].precision = 1.5;
        }),
      )[0],
    ).toContain('expected a whole number or null at /outputs/2/precision, got number 1.5 — use a whole number');
  });

  it('a wrong type inside a typed input does not also flag its valid siblings', () => {
    expect(
      messages(
        schemaProblems((m) => {
          m.inputs[2].step = 'x';
        }),
      ),
    ).toEqual(['expected a number or null at /inputs/2/step, got string "x" — change it to a number or null']);
  });

  it('enums, ranges and lengths', () => {
    expect(
      messages(
        schemaProblems((m) => {
          m.layout = 'chatt';
        }),
      ),
    ).toEqual(["invalid value 'chatt' at /layout — did you mean 'chat'? (allowed: form, chat, split)"]);
    expect(
      messages(
        schemaProblems((m) => {
          m.outputs[2].format = 'money';
        }),
      )[0],
    ).toContain("invalid value 'money' at /outputs/2/format — use one of currency, percent, scientific, decimal");
    expect(
      messages(
        schemaProblems((m) => {
          m.max_runtime_seconds = 0;
        }),
      ),
    ).toEqual(['/max_runtime_seconds is 0 but must be >= 1 — change it']);
    expect(
      messages(
        schemaProblems((m) => {
          m.id = '';
        }),
      ),
    ).toEqual(['/id is empty — give it a value']);
    expect(
      messages(
        schemaProblems((m) => {
          m.inputs[23].default_center = [1, 2, 3];
        }),
      )[0],
    ).toContain('/inputs/23/default_center has 3 item(s) but needs exactly 2 numbers [latitude, longitude]');
    expect(
      messages(
        schemaProblems((m) => {
          m.inputs[23].default_center = [95, 2];
        }),
      )[0],
    ).toContain('/inputs/23/default_center/0 is 95 but must be <= 90');
  });

  it('lists every problem once, in document order, each with a line', () => {
    const problems = schemaProblems((m) => {
      m.inputs[0].lable = 'x';
      m.outputs[13].type = 'chart_lines';
      m.max_runtime_seconds = '5';
      delete m.inputs[3].min;
    });
    expect(problems).toHaveLength(4);
    expect(problems.every((p) => typeof p.line === 'number')).toBe(true);
    const lines = problems.map((p) => p.line!);
    expect([...lines].sort((a, b) => a - b)).toEqual(lines);
    expect(new Set(problems.map((p) => p.message)).size).toBe(4);
  });

  it('a non-object document', () => {
    const load = parseManifestText('[1, 2]');
    expect(problemsOf(load).map((p) => p.message)).toEqual([
      'expected an object at the top level, got array — change it to an object',
    ]);
  });
});

describe('findings', () => {
  it('each problem is a finding on tool.json with the code for its kind', () => {
    const codes = (load: ManifestLoad) => problemsOf(load).map((p) => [p.code, p.severity, p.file]);
    const dir = mkdtempSync(path.join(tmpdir(), 'pixie-manifest-'));
    expect(codes(loadManifest(dir))).toEqual([['missing-file', 'error', 'tool.json']]);
    mkdirSync(path.join(dir, 'tool.json'));
    expect(codes(loadManifest(dir))).toEqual([['unreadable-file', 'error', 'tool.json']]);
    expect(codes(parseManifestText('{"id": "a",}'))).toEqual([['json-syntax', 'error', 'tool.json']]);
    expect(codes(parseManifestText(''))).toEqual([['json-syntax', 'error', 'tool.json']]);
    expect(codes(parseManifestText('{"id": "a", "id": "b"}'))).toEqual([['duplicate-key', 'error', 'tool.json']]);
    expect(codes(parseManifestText('{"id": "a", "name": "A", "inputs": [], "outputs": [], "lable": 1}'))).toEqual([
      ['schema', 'error', 'tool.json'],
    ]);
  });

  it('a whole-file problem has no path; a problem inside the file has its pointer', () => {
    expect(problemsOf(parseManifestText('{"id": "a",}'))[0]).not.toHaveProperty('path');
    expect(problemsOf(parseManifestText('{"id": "a", "id": "b"}'))[0]!.path).toBe('/id');
  });

  it('nesting too deep to parse is one clear problem, not a stack overflow', () => {
    const load = parseManifestText(`{"id": "a", "x": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    expect(load.ok ? 'ok' : load.stage).toBe('json');
    expect(problemsOf(load).map((p) => p.message)).toEqual([
      'tool.json nests objects and arrays too deeply to read — flatten it (a tool.json needs only a few levels)',
    ]);
  });
});
