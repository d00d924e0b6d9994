// `--explore --negative` (docs/checks.md, exploring inputs): inputs tool.json forbids, each the sample
// inputs with one input set to a value its rule refuses (out of range, not an option, the wrong type,
// null) or a required input left out. A refusal (4xx) is the right answer; a 2xx, a 5xx, a crash or a
// hang is a finding, the same way a negative fixture (docs/fixtures.md) judges one. No randomness: the
// values come from each input's declaration, and every one is sent once (within the time budget).
import type { ExploreFailure } from '../model/report.js';
import type { InputSpec, Manifest } from '../model/manifest.js';
import { buildSampleInputs } from '../inputs/sample-inputs.js';
import { inputTypeRule } from '../inputs/index.js';
import type { MessageTable } from '../util/message-table.js';
import type { Inputs } from './arbitraries.js';
import { curlFor } from './curl.js';
import { outcomeOf } from './outcome.js';
import type { ExploreOutcome, ToolHandle } from './runner.js';

/** Findings at most, as the search (runner.ts) reports. */
const MAX_FAILURES = 20;
/** The text a text input's maximum is broken with is never longer than this. */
const LONG_TEXT_CAP = 100_000;

const messages = {
  accepted: (status: number) =>
    `the tool answered HTTP ${status} to an input tool.json forbids, instead of refusing it with a 4xx`,
  left: (key: string) => `(required input '${key}' left out)`,
  stopped: (max: number) => `stopped after ${max} findings; fix these and explore again`,
} satisfies MessageTable;

/** A value tool.json's rule for the input refuses, in a form its type is likely to meet. */
function forbiddenValues(spec: InputSpec): unknown[] {
  const rule = inputTypeRule(spec.type);
  if (!rule) return [];
  const s = spec as InputSpec & { min?: unknown; max?: unknown; max_length?: unknown };
  const candidates: unknown[] = [];
  if (typeof s.min === 'number') candidates.push(s.min - 1);
  if (typeof s.max === 'number') candidates.push(s.max + 1);
  if (typeof s.max_length === 'number' && s.max_length < LONG_TEXT_CAP) candidates.push('x'.repeat(s.max_length + 1));
  candidates.push('__not_an_option__', 'not a number', 12345, true, { unexpected: 1 }, [1, 2], null);
  const refused = candidates.filter((v) => (v === null ? !rule.acceptsNull : rule.check(spec, v) !== null));
  // one value of each JSON kind is enough: an out-of-range number and a wrong-type number are both kept
  const kinds = new Set<string>();
  return refused.filter((v) => {
    const kind = typeof v === 'number' ? `number:${v}` : Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v;
    if (kinds.has(kind)) return false;
    kinds.add(kind);
    return true;
  });
}

/** Every forbidden input to send: the sample with one input broken, or a required one without a default left out. */
function negativeInputs(manifest: Manifest): { inputs: Inputs; key: string }[] {
  const sample = buildSampleInputs(manifest);
  const out: { inputs: Inputs; key: string }[] = [];
  for (const spec of manifest.inputs ?? []) {
    if ((spec as { hidden?: unknown }).hidden === true) continue;
    for (const v of forbiddenValues(spec)) out.push({ inputs: { ...sample, [spec.key]: v }, key: spec.key });
    const hasDefault = spec.default !== undefined && spec.default !== null;
    if (spec.required !== false && !hasDefault) {
      const { [spec.key]: _left, ...rest } = sample;
      out.push({ inputs: rest, key: spec.key });
    }
  }
  return out;
}

export async function runNegative(run: {
  manifest: Manifest;
  tool: ToolHandle;
  seconds: number;
}): Promise<ExploreOutcome> {
  const deadline = performance.now() + run.seconds * 1000;
  const found = new Map<string, ExploreFailure>();
  let requests = 0;
  let restarts = 0;
  let stopped: string | null = null;
  for (const { inputs, key } of negativeInputs(run.manifest)) {
    if (stopped || performance.now() >= deadline) break;
    if (found.size >= MAX_FAILURES) {
      stopped = messages.stopped(MAX_FAILURES);
      break;
    }
    // a tool that died after its last answer (a late exit) starts again first: that death is not this input's
    if (run.tool.current().exitStatus()) {
      restarts++;
      const why = await run.tool.restart();
      if (why) {
        stopped = `the tool did not start again after it stopped: ${why}`;
        break;
      }
    }
    requests++;
    const outcome = await outcomeOf(run.tool.current(), inputs, {
      manifest: run.manifest,
      checkMemory: true,
      deadline,
    });
    if (!outcome.ok && outcome.restart) {
      restarts++;
      const why = await run.tool.restart();
      if (why) stopped = `the tool did not start again after it failed: ${why}`;
    }
    if (!outcome.ok && outcome.kind === 'rejected') continue; // the right answer
    // a 200 (well formed or not) accepted what tool.json forbids
    const accepted = outcome.ok || outcome.kind === 'not_json' || outcome.kind === 'output_shape';
    const kind = accepted ? 'accepted_invalid' : outcome.kind;
    const group = `${kind}:${key}:${accepted ? '' : outcome.group}`;
    const hit = found.get(group);
    if (hit) {
      hit.hits++;
      continue;
    }
    const left = !Object.hasOwn(inputs, key);
    const response = outcome.response ?? null;
    const message = accepted ? messages.accepted(response?.status ?? 200) : outcome.message;
    found.set(group, {
      kind,
      message: left ? `${message} ${messages.left(key)}` : message,
      inputs,
      offending: [key],
      minimal: true,
      hits: 1,
      curl: curlFor(inputs),
      response,
      ...(!outcome.ok && outcome.stderr ? { stderr: outcome.stderr } : {}),
    });
  }
  return { failures: [...found.values()], runs: requests, requests, restarts, stopped };
}
