// pixie.config.json / pixie.config.yaml (docs/config.md): read with its lines, checked against
// reference-schemas/config.schema.json (unknown keys get "did you mean"), tolerance blocks checked by
// the same code as tolerance.yaml. Any problem stops the command with one sentence per problem.
import path from 'node:path';
import { comparatorFor } from '../comparators/index.js';
import { PixieError } from '../errors.js';
import { limit } from '../limits.js';
import { type Finding, finding, findingLine } from '../model/finding.js';
import type { ReporterName } from '../report/reporters.js';
import { compileReferenceSchema, describeTypes } from '../schema/ajv.js';
import { readJsonSource } from '../source/json-source.js';
import type { LineOf } from '../source/lines.js';
import { readNamedFile } from '../source/user-file.js';
import { formatPath, type PathSegment } from '../source/path.js';
import { explainSchemaErrors, type SchemaError } from '../source/schema-errors.js';
import type { ProjectLimits, ProjectSettings } from '../model/project-settings.js';
import { readYamlSource } from '../source/yaml-source.js';
import { checkToleranceBlock } from '../tolerance/block.js';
import { checkComparators } from './comparators.js';
import { kindOf } from '../tolerance/words.js';
import { OUTPUT_TYPES, type OutputType } from '../model/manifest.js';
import { suggest } from '../util/did-you-mean.js';
import { isPlainObject } from '../util/is-plain-object.js';

const CONFIG_SCHEMA = 'config.schema.json';

export interface ProjectConfig extends ProjectSettings {
  /** absolute path of the file, or null when the project has none */
  file: string | null;
  /** absolute, when the file sets tools_dir */
  toolsDir?: string;
  jobs?: number;
  /** report files by reporter name, absolute */
  reporters: Partial<Record<ReporterName, string>>;
}

export function emptyProjectConfig(): ProjectConfig {
  return { file: null, reporters: {}, tolerances: {}, passEnv: [], limits: {} };
}

/** Reads and checks a config file; throws a PixieError listing every problem. */
export function loadProjectConfig(file: string): ProjectConfig {
  const name = path.basename(file);
  // a regular file, bounded, never a kernel file: a cloned repository's config may be a link to a
  // FIFO, /dev/zero or /proc/self/environ (whose lines a syntax error would show)
  const read = readNamedFile(file, limit('fileBytes'));
  if (!read.ok) throw new PixieError('USER_FILE', `cannot read ${file}: ${read.reason}`, `${read.fix}, or remove it`);
  const text = read.bytes.toString('utf8');
  const parsed = name.endsWith('.json') ? parseJson(text, name) : parseYaml(text, name);
  if (!parsed.ok) throw configError(file, parsed.problems);
  const { data, lineOf } = parsed;
  if (data === null) return { ...emptyProjectConfig(), file };
  const problems = schemaProblems(data, lineOf, name);
  const dir = path.dirname(file);
  const modules = checkComparators(
    isPlainObject(data) ? data.comparators : undefined,
    dir,
    { file: name, lineOf },
    problems,
  );
  const comparators = { root: dir, modules };
  const projectComparators = Object.keys(modules);
  const tolerances: ProjectConfig['tolerances'] = {};
  if (isPlainObject(data) && isPlainObject(data.tolerances)) {
    for (const [type, block] of Object.entries(data.tolerances)) {
      if (!(OUTPUT_TYPES as readonly string[]).includes(type)) continue; // the schema said so
      const checked = checkToleranceBlock(
        block,
        comparatorFor(type as OutputType),
        {
          file: name,
          lineOf,
          path: ['tolerances', type],
          subject: `${type} outputs`,
          type: type as OutputType,
          projectComparators,
        },
        problems,
      );
      if (checked) tolerances[type as OutputType] = checked;
    }
  }
  if (problems.length) throw configError(file, problems);
  const config = data as {
    tools_dir?: string;
    jobs?: number;
    reporters?: Partial<Record<ReporterName, string>>;
    env?: { pass?: string[] };
    limits?: ProjectLimits;
  };
  return {
    file,
    ...(config.tools_dir ? { toolsDir: path.resolve(dir, config.tools_dir) } : {}),
    ...(config.jobs ? { jobs: config.jobs } : {}),
    reporters: Object.fromEntries(Object.entries(config.reporters ?? {}).map(([k, v]) => [k, path.resolve(dir, v)])),
    tolerances,
    passEnv: config.env?.pass ?? [],
    limits: { ...config.limits },
    ...(projectComparators.length ? { comparators } : {}),
  };
}

type Parsed = { ok: true; data: unknown; lineOf: LineOf } | { ok: false; problems: Finding[] };

function parseJson(text: string, file: string): Parsed {
  const source = readJsonSource(text);
  switch (source.kind) {
    case 'empty':
      return { ok: true, data: null, lineOf: () => undefined };
    case 'parsed': {
      const duplicates = source.duplicates.map((d) =>
        finding('duplicate-key', {
          file,
          line: d.line,
          path: formatPath(d.path),
          message: `'${d.key}' is written twice (also on line ${d.firstLine}); keep one`,
        }),
      );
      return duplicates.length
        ? { ok: false, problems: duplicates }
        : { ok: true, data: source.data, lineOf: source.lineOf };
    }
    case 'syntax': {
      const first = source.errors[0]!;
      const at = source.position(first.offset);
      return {
        ok: false,
        problems: [
          finding('json-syntax', {
            file,
            line: at.line,
            message: `JSON syntax error (${first.code}) at column ${at.column}; fix the syntax`,
          }),
        ],
      };
    }
    case 'refused':
      return { ok: false, problems: [finding('json-syntax', { file, message: `not valid JSON: ${source.reason}` })] };
    case 'too-deep':
      return { ok: false, problems: [finding('json-syntax', { file, message: 'nested too deeply to read' })] };
  }
}

function parseYaml(text: string, file: string): Parsed {
  const source = readYamlSource(text, file);
  return source.ok ? { ok: true, data: source.data, lineOf: source.lineOf } : source;
}

function schemaProblems(data: unknown, lineOf: LineOf, file: string): Finding[] {
  const validate = compileReferenceSchema(CONFIG_SCHEMA);
  if (validate(data)) return [];
  const seen = new Set<string>();
  return explainSchemaErrors(validate.errors ?? [], data, (e) => {
    const p = explain(e, lineOf, file);
    if (!p || seen.has(p.message)) return undefined;
    seen.add(p.message);
    return p;
  });
}

function explain(e: SchemaError, lineOf: LineOf, file: string): Finding | undefined {
  const { segments } = e;
  // a tolerance block is checked per comparator, with better sentences
  if (segments[0] === 'tolerances' && segments.length > 1) return undefined;
  // and so are the comparators (project/comparators.ts)
  if (segments[0] === 'comparators') return undefined;
  const at = (segs: PathSegment[], part: 'key' | 'value', message: string): Finding => {
    const line = lineOf(segs, part);
    return finding('schema', { file, ...(line ? { line } : {}), path: formatPath(segs), message });
  };
  const where = segments.length ? `'${formatPath(segments)}'` : 'the config';
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(e.params.additionalProperty);
      const allowed = Object.keys((e.parentSchema?.properties ?? {}) as Record<string, unknown>).filter(
        (k) => k !== '$schema',
      );
      // a shortened key (startup_timeout) is as good a clue as a misspelt one
      const close = suggest(key, allowed) ?? allowed.find((a) => a.startsWith(key) || key.startsWith(a));
      const whereIn = segments.length ? ` in ${formatPath(segments)}` : '';
      return at(
        [...segments, key],
        'key',
        close
          ? `unknown key '${key}'${whereIn} — did you mean '${close}'?`
          : `unknown key '${key}'${whereIn}; allowed: ${allowed.join(', ')}`,
      );
    }
    case 'type':
      return at(segments, 'value', `${where} must be ${describeTypes(e.params.type)}, got ${kindOf(e.value)}`);
    case 'minimum':
    case 'exclusiveMinimum':
      return at(
        segments,
        'value',
        `${where} must be ${e.keyword === 'minimum' ? '≥' : '>'} ${String(e.params.limit)}, got ${String(e.value)}`,
      );
    case 'minLength':
      return at(segments, 'value', `${where} must not be empty`);
    case 'pattern':
      return at(
        segments,
        'value',
        `${where} is not an environment variable name (letters, digits and _), got ${kindOf(e.value)}`,
      );
    case 'uniqueItems':
      return at(segments, 'value', `${where} names a variable twice; keep one`);
    default:
      return at(segments, 'value', `${where} ${e.message ?? 'is invalid'}; see reference-schemas/${CONFIG_SCHEMA}`);
  }
}

function configError(file: string, problems: Finding[]): PixieError {
  const relative = path.relative(process.cwd(), file);
  const rel = relative && !relative.startsWith('..') ? relative : file;
  const sorted = [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const lines = sorted.map((p) => findingLine({ ...p, file: rel }));
  return new PixieError(
    'USER_FILE',
    `${rel} has ${problems.length} problem(s):\n  ${lines.join('\n  ')}`,
    `fix ${rel} (reference-schemas/${CONFIG_SCHEMA} lists every key), or remove it`,
  );
}
