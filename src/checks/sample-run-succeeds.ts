import { randomUUID } from 'node:crypto';
import { finding } from '../model/finding.js';
import { excerpt } from '../source/excerpt.js';
import { type HttpResult, ToolHttpError, detailOf, formatSeconds, type ToolClient } from '../tool/client.js';
import type { Manifest } from '../model/manifest.js';
import { depthProblem } from '../tool/value-depth.js';
import { DETERMINISM_MAX_RUN_MS, differingOutputs, expectedToVary } from './determinism.js';
import { buildSampleInputs } from '../inputs/sample-inputs.js';
import { runBody } from '../inputs/run-body.js';
import { memoryLimitMb, runLimitWords, runTimeoutMs } from '../tool/timeouts.js';
import type { MessageTable } from '../util/message-table.js';
import type { Check, CheckOutcome } from './types.js';
import { ownValue } from '../util/own.js';
import { parseJson, stringifyJson } from '../util/python-json.js';

/** A value from the tool, quoted short and escaped. */
const short = (v: unknown) => excerpt(stringifyJson(v) ?? 'nothing', 80);

const messages = {
  inputs: (inputs: Record<string, unknown>) => `sample inputs = ${JSON.stringify(inputs).slice(0, 1500)}`,
  noAnswer: (limit: string) => `POST /run did not answer within ${limit}`,
  httpStatus: (status: number, detail: string) => `POST /run returned HTTP ${status}: ${detail}`,
  responseBody: (inputs: string, body: string) => `${inputs}\nresponse body: ${body.slice(0, 2000)}`,
  notJson: (error: string) => `POST /run response was not JSON: ${error}`,
  notJsonDetails: (contentType: string, body: string) => `content-type: ${contentType}\nbody: ${body.slice(0, 2000)}`,
  notAnObject: (body: unknown) =>
    `POST /run returned ${Array.isArray(body) ? 'an array' : typeof body}, not a JSON object keyed by output`,
  overMemory: (peak: number, limit: number) =>
    `the tool used ${peak.toFixed(0)} MiB of resident memory, above max_memory_mb ${limit}`,
  howMemory: () =>
    'measured as the peak resident set of the whole process group; raise max_memory_mb in tool.json or reduce memory use',
  passed: (took: string, limit: string) => `POST /run returned 200 in ${took} (limit ${limit})`,
  notRunTwice: (passed: string, max: string) =>
    `${passed}; not run twice (over ${max}), so determinism was not measured`,
  // the second run of the same input (determinism); `passed` is the first run's message
  seedIt: () =>
    'seed the randomness from an input, or compare the output with a distribution tolerance and a pass_rate (docs/fixtures.md)',
  secondFailed: (passed: string, why: string) => `${passed}, but a second run of the same input failed: ${why}`,
  failedOnce: (why: string) => `the sample input succeeded once and failed the second time: ${why}`,
  answerAlike: () => 'make /run answer the same input the same way every time',
  onlyRandomChanged: (passed: string, keys: string[]) =>
    `${passed}; a second run changed only ${keys.join(', ')}, as tolerance.yaml expects (declared random, or changed only in its ignore_fields)`,
  sameOutputs: (passed: string) => `${passed}; a second run gave the same outputs`,
  changed: (passed: string, keys: string[]) =>
    `${passed}, but a second run of the same input changed output(s) ${keys.join(', ')}`,
  twoValues: (key: string, first: unknown, second: unknown) => `${key}: ${short(first)}, then ${short(second)}`,
  willFlap: (fix: string) => `fixtures for these outputs will flap: ${fix}`,
  outputDiffered: (key: string, first: unknown, second: unknown) =>
    `output '${key}' differed between two runs of the same sample input (${short(first)}, then ${short(second)})`,
} satisfies MessageTable;

type SampleRun = { ok: true; body: Record<string, unknown>; res: HttpResult } | { ok: false; outcome: CheckOutcome };

/** One POST /run of the sample inputs: the JSON object it answered, or why that is a failure. */
async function sampleRun(
  manifest: Manifest,
  client: ToolClient,
  inputs: Record<string, unknown>,
  timeout: number,
  runId: string = randomUUID(),
): Promise<SampleRun> {
  const inputsText = messages.inputs(inputs);
  const failed = (message: string, details: string): SampleRun => ({
    ok: false,
    outcome: { status: 'fail', message, details },
  });
  let res: HttpResult;
  try {
    res = await client.postJson('/run', runBody(runId, inputs), timeout);
  } catch (err) {
    if (err instanceof ToolHttpError)
      return failed(err.kind === 'timeout' ? messages.noAnswer(runLimitWords(manifest)) : err.message, inputsText);
    throw err;
  }
  if (res.status !== 200)
    return failed(messages.httpStatus(res.status, detailOf(res.text)), messages.responseBody(inputsText, res.text));
  let body: unknown;
  try {
    body = parseJson(res.text);
  } catch (err) {
    return failed(messages.notJson((err as Error).message), messages.notJsonDetails(res.contentType, res.text));
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return failed(messages.notAnObject(body), res.text.slice(0, 2000));
  const deep = depthProblem(body, 'the POST /run response', res.text.length);
  if (deep) return { ok: false, outcome: { status: 'fail', message: deep } };
  return { ok: true, body: body as Record<string, unknown>, res };
}

/** The same sample input once more: outputs that change between identical runs will make fixtures flap. */
async function determinism(
  toolDir: string,
  manifest: Manifest,
  client: ToolClient,
  inputs: Record<string, unknown>,
  first: Record<string, unknown>,
  timeout: number,
  passed: string,
): Promise<CheckOutcome> {
  const second = await sampleRun(manifest, client, inputs, timeout);
  const fix = messages.seedIt();
  if (!second.ok)
    return {
      status: 'warn',
      message: messages.secondFailed(passed, second.outcome.message),
      details: second.outcome.details ?? null,
      findings: [
        finding('nondeterministic-output', {
          file: 'tool.json',
          message: messages.failedOnce(second.outcome.message),
          fix: messages.answerAlike(),
        }),
      ],
    };
  const changed = await differingOutputs(manifest.outputs, first, second.body);
  const varying = changed.length
    ? await expectedToVary(toolDir, manifest, changed, first, second.body)
    : new Set<string>();
  const differing = changed.filter((o) => !varying.has(o.key));
  const expected = changed.filter((o) => varying.has(o.key)).map((o) => `'${o.key}'`);
  if (differing.length === 0)
    return {
      status: 'pass',
      message: expected.length ? messages.onlyRandomChanged(passed, expected) : messages.sameOutputs(passed),
    };
  return {
    status: 'warn',
    message: messages.changed(
      passed,
      differing.map((o) => `'${o.key}'`),
    ),
    details: [
      ...differing.map((o) => messages.twoValues(o.key, ownValue(first, o.key), ownValue(second.body, o.key))),
      messages.willFlap(fix),
    ].join('\n'),
    findings: differing.map((o) =>
      finding('nondeterministic-output', {
        file: 'tool.json',
        path: `outputs[${manifest.outputs.indexOf(o)}]`,
        message: messages.outputDiffered(o.key, ownValue(first, o.key), ownValue(second.body, o.key)),
        fix,
      }),
    ),
  };
}

export const sampleRunSucceeds: Check = {
  name: 'sample_run_succeeds',
  phase: 'contract',
  requires: ['tool_spawns'],
  messages,
  async run({ toolDir, state, options }) {
    const manifest = state.manifest!;
    const inputs = buildSampleInputs(manifest);
    state.sampleInputs = inputs;
    state.sampleRunId = randomUUID();
    const timeout = runTimeoutMs(manifest);
    const client = state.tool!.client;
    const first = await sampleRun(manifest, client, inputs, timeout, state.sampleRunId);
    if (!first.ok) return first.outcome;
    state.sampleOutput = first.body;
    const peak = state.tool!.peakMemoryMb();
    const limit = memoryLimitMb(manifest);
    if (peak !== null && peak > limit) {
      return {
        status: 'fail',
        message: messages.overMemory(peak, limit),
        details: messages.howMemory(),
      };
    }
    const passed = messages.passed(formatSeconds(first.res.durationMs), formatSeconds(timeout));
    // a second run doubles check 8's time: skipped for slow tools and with --no-determinism (docs/checks.md)
    if (options.determinism === false) return { status: 'pass', message: passed };
    if (first.res.durationMs > DETERMINISM_MAX_RUN_MS)
      return {
        status: 'pass',
        message: messages.notRunTwice(passed, formatSeconds(DETERMINISM_MAX_RUN_MS)),
      };
    return determinism(toolDir, manifest, client, inputs, first.body, timeout, passed);
  },
};
