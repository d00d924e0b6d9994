// A finding is one located problem: in a user's file (tool.json, a fixture, tolerance.yaml, the tool
// folder) or in what the checks saw. Checks return them beside their sentence; `pixie lint`,
// `--strict`, `report merge`, GitHub annotations and JUnit read these fields, never the sentence.
import { FINDING_RULES, type FindingCode, type Severity } from './severity.js';

export type { Severity } from './severity.js';

export interface Finding {
  /** what kind of problem, from the severity table in severity.ts */
  code: FindingCode;
  severity: Severity;
  /** relative to the tool folder: tool.json, reference/fixture_a.json, main.py, … */
  file?: string;
  /** 1-based line in `file` */
  line?: number;
  /** path inside the file (JSON path such as inputs[2].key, or a tolerance key) */
  path?: string;
  /** one sentence, with the fix when there is one */
  message: string;
  fix?: string;
  /** the fix as a machine-applicable change, for `pixie lint --fix` (only when it is safe and mechanical) */
  edit?: FindingEdit;
}

/** Set one JSON value in one file of the tool folder: what `pixie lint --fix` applies. */
export interface FindingEdit {
  /** relative to the tool folder: tool.json or reference/fixture_<name>.json */
  file: string;
  /** where the value goes, e.g. ["inputs", 2, "required"]; missing keys are added at the end of their object */
  path: (string | number)[];
  value: unknown;
  /** what the change does, as printed by `pixie lint --fix`: add "required": false to input 'csv_file' */
  description: string;
}

export type FindingFields = Omit<Finding, 'code' | 'severity'>;

/** A finding with the severity the table gives its code (strict: the --strict column). */
export function finding(code: FindingCode, fields: FindingFields, opts: { strict?: boolean } = {}): Finding {
  return { code, severity: severityOf(code, opts), ...withoutUndefined(fields) };
}

export function severityOf(code: FindingCode, opts: { strict?: boolean } = {}): Severity {
  const rule = FINDING_RULES[code];
  return opts.strict && rule.strict ? rule.strict : rule.severity;
}

/** `file line 3 (inputs.x): message`, the one-line form used in check details and terminal output. */
export function findingLine(f: Finding): string {
  return `${f.file ?? ''}${f.line ? ` line ${f.line}` : ''}${f.path ? ` (${f.path})` : ''}${f.file || f.line || f.path ? ': ' : ''}${f.message}`;
}

/** Longest message and path a finding carries: text quoted from a hostile file stays an excerpt. */
const MAX_MESSAGE = 1000;
const MAX_PATH = 200;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function withoutUndefined(fields: FindingFields): FindingFields {
  const out: FindingFields = { message: cut(fields.message, MAX_MESSAGE) };
  if (fields.file !== undefined) out.file = cut(fields.file, MAX_PATH);
  if (fields.line !== undefined) out.line = fields.line;
  if (fields.path !== undefined && fields.path !== '') out.path = cut(fields.path, MAX_PATH);
  if (fields.fix !== undefined) out.fix = cut(fields.fix, MAX_MESSAGE);
  if (fields.edit !== undefined) out.edit = fields.edit;
  return out;
}
