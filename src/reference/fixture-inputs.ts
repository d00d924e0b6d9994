// A fixture's inputs against the tool's declared inputs (docs/fixtures.md). An unknown key or a value
// of the wrong kind makes the run meaningless, so it is an error. A required input that is left out
// or set to null is only a warning: the fixture runs exactly as written and the tool decides, as
// many tools fall back to built-in data when a file input is absent. A negative fixture (one with
// expected_status) sends its inputs as written, out of range or of the wrong kind on purpose: only a
// key the tool does not declare is named, as a warning, since it is more likely a typo than a test.
import { finding, type Finding, type FindingEdit } from '../model/finding.js';
import { excerpt } from '../source/excerpt.js';
import type { LineOf } from '../source/lines.js';
import { formatPath, type PathSegment } from '../source/path.js';
import type { InputSpec, Manifest } from '../model/manifest.js';
import { suggest } from '../util/did-you-mean.js';
import { checkInputValue, correctedInputValue } from '../inputs/input-values.js';

/** Marks an input optional in tool.json: the fix for a fixture that leaves a required input out. */
function markOptional(spec: InputSpec, index: number): FindingEdit {
  return {
    file: 'tool.json',
    path: ['inputs', index, 'required'],
    value: false,
    description: `add "required": false to input '${spec.key}'`,
  };
}

export function fixtureInputFindings(
  inputs: Record<string, unknown>,
  manifest: Manifest,
  file: string,
  lineOf: LineOf,
  opts: { negative?: boolean } = {},
): Finding[] {
  const findings: Finding[] = [];
  const at = (segments: PathSegment[], part: 'key' | 'value' = 'key') => {
    const line = lineOf(segments, part);
    return { file, ...(line ? { line } : {}), path: formatPath(segments) };
  };
  const declared = manifest.inputs ?? [];
  const specs = new Map(declared.map((spec, index) => [spec.key, { spec, index }]));
  const inputKeys = [...specs.keys()];
  for (const [key, value] of Object.entries(inputs)) {
    const entry = specs.get(key);
    if (!entry) {
      const close = suggest(key, inputKeys);
      findings.push(
        finding(opts.negative ? 'input-not-declared' : 'fixture-invalid', {
          ...at(['inputs', key]),
          message: `${
            close
              ? `'${excerpt(key)}' is not an input of this tool — did you mean '${close}'?`
              : inputKeys.length
                ? `'${excerpt(key)}' is not an input of this tool; use one of: ${inputKeys.join(', ')}`
                : `'${excerpt(key)}' is not an input of this tool, which declares no inputs; remove it`
          }${opts.negative ? ' (a negative fixture still sends it as written)' : ''}`,
        }),
      );
      continue;
    }
    if (opts.negative) continue;
    const { spec, index } = entry;
    if (value === null && isRequired(spec)) {
      const hasDefault = spec.default !== undefined && spec.default !== null;
      findings.push(
        finding('required-input-missing', {
          ...at(['inputs', key], 'value'),
          message: `input '${key}' (${spec.type}) is null but tool.json calls it required; the fixture still runs as written: add "required": false to the input in tool.json if the tool accepts null, ${hasDefault ? 'or remove it from inputs to send its default' : 'or give a value'}`,
          edit: markOptional(spec, index),
        }),
      );
      continue;
    }
    const wrong = checkInputValue(spec, value);
    if (!wrong) continue;
    const corrected = correctedInputValue(spec, value);
    findings.push(
      finding('fixture-invalid', {
        ...at(['inputs', key], 'value'),
        message: `input '${key}' (${spec.type}) ${excerpt(wrong, 200)}`,
        ...(corrected
          ? {
              edit: {
                file,
                path: ['inputs', key],
                value: corrected.value,
                description: `write ${JSON.stringify(corrected.value)} instead of ${JSON.stringify(value)} for input '${key}'`,
              },
            }
          : {}),
      }),
    );
  }
  // a negative fixture may leave a required input out to see it refused
  for (const { spec, index } of opts.negative ? [] : specs.values()) {
    const hasDefault = spec.default !== undefined && spec.default !== null;
    if (isRequired(spec) && !hasDefault && !Object.hasOwn(inputs, spec.key)) {
      findings.push(
        finding('required-input-missing', {
          ...at(['inputs']),
          message: `required input '${spec.key}' (${spec.type}) is missing and has no default; add "${spec.key}": <value> to inputs, or add "required": false to the input in tool.json if the tool works without it (the fixture still runs as written)`,
          edit: markOptional(spec, index),
        }),
      );
    }
  }
  return findings;
}

function isRequired(spec: InputSpec): boolean {
  return spec.required !== false && spec.type !== 'hidden';
}
