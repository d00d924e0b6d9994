// `pixie lint --fix`: applies the edits findings carry (docs/cli.md#pixie-lint) to tool.json and
// fixtures, changing only the value at each edit's path, so every other byte of the file (key order,
// indentation, line endings, one-line objects) stays as the author wrote it. jsonc-parser computes
// the text edits; the result must parse and hold the new value, or nothing is written.
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { applyEdits, findNodeAtLocation, modify, parseTree } from 'jsonc-parser';
import type { Finding, FindingEdit } from '../report/finding.js';
import { writeFileAtomic } from '../util/atomic-write.js';

interface FixResult {
  /** relative to the tool folder */
  file: string;
  description: string;
  /** what the fix answers: the findings (file line: message) that suggested it */
  because: Finding[];
}

interface FixSkipped {
  file: string;
  description: string;
  reason: string;
}

export interface FixOutcome {
  applied: FixResult[];
  skipped: FixSkipped[];
}

/** Only the files a finding may point an edit at: tool.json and the fixtures. */
const EDITABLE = /^(tool\.json|reference\/fixture_[^/]*\.json)$/;
const BOM = '\ufeff';

/** Applies every edit carried by `findings` to the files of `toolDir`; one edit per path (conflicts are skipped). */
export function applyFixes(toolDir: string, findings: readonly Finding[]): FixOutcome {
  const byFile = new Map<string, Map<string, { edit: FindingEdit; because: Finding[]; conflict: boolean }>>();
  for (const f of findings) {
    if (!f.edit) continue;
    const edits = byFile.get(f.edit.file) ?? byFile.set(f.edit.file, new Map()).get(f.edit.file)!;
    const at = JSON.stringify(f.edit.path);
    const seen = edits.get(at);
    if (!seen) edits.set(at, { edit: f.edit, because: [f], conflict: false });
    else {
      seen.because.push(f);
      if (JSON.stringify(seen.edit.value) !== JSON.stringify(f.edit.value)) seen.conflict = true;
    }
  }
  const outcome: FixOutcome = { applied: [], skipped: [] };
  for (const [file, edits] of byFile) {
    const skipAll = (reason: string) => {
      for (const { edit } of edits.values()) outcome.skipped.push({ file, description: edit.description, reason });
    };
    const full = path.resolve(toolDir, file);
    const inside = path.relative(toolDir, full).split(path.sep).join('/');
    if (!EDITABLE.test(inside) || inside !== file) {
      skipAll('pixie only edits tool.json and reference/fixture_*.json');
      continue;
    }
    let original: string;
    try {
      // a symlink may lead out of the tool folder: never write through one
      if (!lstatSync(full).isFile()) throw new Error('not a regular file');
      original = readFileSync(full, 'utf8');
    } catch (err) {
      skipAll(`could not read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      continue;
    }
    const bom = original.startsWith(BOM) ? BOM : '';
    let text = original.slice(bom.length);
    const done: FixResult[] = [];
    for (const { edit, because, conflict } of edits.values()) {
      if (conflict) {
        outcome.skipped.push({ file, description: edit.description, reason: 'findings suggest different values here' });
        continue;
      }
      const next = setValue(text, edit.path, edit.value);
      if (typeof next !== 'string') {
        outcome.skipped.push({ file, description: edit.description, reason: next.reason });
        continue;
      }
      text = next;
      done.push({ file, description: edit.description, because });
    }
    if (done.length === 0) continue;
    writeFileAtomic(full, bom + text);
    outcome.applied.push(...done);
  }
  return outcome;
}

/** `text` with the value at `at` set to `value`, or why that cannot be done safely. */
function setValue(text: string, at: (string | number)[], value: unknown): string | { reason: string } {
  const root = parseTree(text);
  if (!root) return { reason: 'the file does not parse as JSON' };
  const parent = findNodeAtLocation(root, at.slice(0, -1));
  const last = at[at.length - 1];
  if (!parent || parent.type !== (typeof last === 'number' ? 'array' : 'object'))
    return {
      reason: `${formatAt(at.slice(0, -1))} is not where the fix expects it; the file changed since lint read it`,
    };
  const existing = findNodeAtLocation(root, at);
  // replacing a value touches only the value; a new key is written next to its siblings, spaced like them
  const out = existing
    ? applyEdits(text, modify(text, at, value, {}))
    : insertProperty(text, parent, String(last), value);
  try {
    const check = parseTree(out);
    const node = check && findNodeAtLocation(check, at);
    if (
      !node ||
      JSON.stringify(JSON.parse(out.slice(node.offset, node.offset + node.length))) !== JSON.stringify(value)
    )
      return { reason: 'the edit did not produce the expected value' };
    JSON.parse(out);
  } catch {
    return { reason: 'the edited file would not parse' };
  }
  return out;
}

type JsonNode = NonNullable<ReturnType<typeof parseTree>>;

/**
 * A new key after the object's last one: on the same line, spaced like the object's own keys, when
 * the object is written on one line ({"a": 1, "b": 2}); else on its own line, indented like the
 * previous key. Written by hand because jsonc-parser's formatter would re-indent the neighbouring value.
 */
function insertProperty(text: string, parent: JsonNode, key: string, value: unknown): string {
  const own = text.slice(parent.offset, parent.offset + parent.length);
  const colon = /"\s*:\s/.test(own) || !/"\s*:/.test(own) ? ': ' : ':';
  const pair = `${JSON.stringify(key)}${colon}${JSON.stringify(value)}`;
  const props = parent.children ?? [];
  const lastProp = props[props.length - 1];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (!lastProp) {
    const open = parent.offset + 1;
    const inner = own.slice(1, -1);
    if (!inner.includes('\n'))
      return `${text.slice(0, open)}${inner.length ? ` ${pair} ` : pair}${text.slice(open + inner.length)}`;
    const indent = indentOfLine(text, parent.offset);
    return `${text.slice(0, open)}${eol}${indent}${indentUnit(text)}${pair}${text.slice(open)}`;
  }
  const end = lastProp.offset + lastProp.length;
  if (!own.includes('\n')) {
    const comma = /,\s/.test(own) || props.length === 1 ? ', ' : ',';
    return `${text.slice(0, end)}${comma}${pair}${text.slice(end)}`;
  }
  return `${text.slice(0, end)},${eol}${indentOfLine(text, lastProp.offset)}${pair}${text.slice(end)}`;
}

/** The whitespace that starts the line holding `offset`. */
function indentOfLine(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

/** One level of the file's indentation: a tab, or the narrowest run of leading spaces. */
function indentUnit(text: string): string {
  if (/\n\t+\S/.test(text)) return '\t';
  const widths = [...text.matchAll(/\n( +)\S/g)].map((m) => m[1]!.length);
  return ' '.repeat(widths.length ? Math.min(...widths) : 2);
}

function formatAt(at: (string | number)[]): string {
  return at.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('') || 'the top level';
}
