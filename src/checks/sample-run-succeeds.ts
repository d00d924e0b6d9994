import { randomUUID } from 'node:crypto';
import { finding } from '../model/finding.js';
import { excerpt } from '../source/excerpt.js';
import { type HttpResult, ToolHttpError, detailOf, formatSeconds, type ToolClient } from '../tool/client.js';
import type { Manifest } from '../model/manifest.js';
import { depthProblem } from '../tool/value-depth.js';
import { DETERMINISM_MAX_RUN_MS, differingOutputs, expectedToVary } from './determinism.js';
import { buildSampleInputs, runBody } from '../validation/sample-inputs.js';
import { memoryLimitMb, runLimitWords, runTimeoutMs } from '../tool/timeouts.js';
import type { Check, CheckOutcome } from './types.js';
import { ownValue } from '../util/own.js';

type SampleRun = { ok: true; body: Record<string, unknown>; res: HttpResult } | { ok: false; outcome: CheckOutcome };

/** One POST /run of the sample inputs: the JSON object it answered, or why that is a failure. */
async function sampleRun(
  manifest: Manifest,
  client: ToolClient,
  inputs: Record<string, unknown>,
  timeout: number,
  runId: string = randomUUID(),
): Promise<SampleRun> {
  const inputsText = `sample inputs = ${JSON.stringify(inputs).slice(0, 1500)}`;
  const failed = (message: string, details: string): SampleRun => ({
    ok: false,
    outcome: { status: 'fail', message, details },
  });
  let res: HttpResult;
  try {
    res = await client.postJson('/run', runBody(runId, inputs), timeout);
  } catch (err) {
    if (err instanceof ToolHttpError)
      return failed(
        err.kind === 'timeout' ? `POST /run did not answer within ${runLimitWords(manifest)}` : err.message,
        inputsText,
      );
    throw err;
  }
  if (res.status !== 200)
    return failed(
      `POST /run returned HTTP ${res.status}: ${detailOf(res.text)}`,
      `${inputsText}\nresponse body: ${res.text.slice(0, 2000)}`,
    );
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch (err) {
    return failed(
      `POST /run response was not JSON: ${(err as Error).message}`,
      `content-type: ${res.contentType}\nbody: ${res.text.slice(0, 2000)}`,
    );
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return failed(
      `POST /run returned ${Array.isArray(body) ? 'an array' : typeof body}, not a JSON object keyed by output`,
      res.text.slice(0, 2000),
    );
  const deep = depthProblem(body, 'the POST /run response', res.text.length);
  if (deep) return { ok: false, outcome: { status: 'fail', message: deep } };
  return { ok: true, body: body as Record<string, unknown>, res };
}

/** A value from the tool, quoted short and escaped. */
const short = (v: unknown) => excerpt(JSON.stringify(v) ?? 'nothing', 80);

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
  const fix =
    'seed the randomness from an input, or compare the output with a distribution tolerance and a pass_rate (docs/fixtures.md)';
  if (!second.ok)
    return {
      status: 'warn',
      message: `${passed}, but a second run of the same input failed: ${second.outcome.message}`,
      details: second.outcome.details ?? null,
      findings: [
        finding('nondeterministic-output', {
          file: 'tool.json',
          message: `the sample input succeeded once and failed the second time: ${second.outcome.message}`,
          fix: 'make /run answer the same input the same way every time',
        }),
      ],
    };
  const changed = await differingOutputs(manifest.outputs, first, second.body);
  const varying = changed.length ? expectedToVary(toolDir, manifest) : new Set<string>();
  const differing = changed.filter((o) => !varying.has(o.key));
  const expected = changed.filter((o) => varying.has(o.key)).map((o) => `'${o.key}'`);
  if (differing.length === 0)
    return {
      status: 'pass',
      message: expected.length
        ? `${passed}; a second run changed only ${expected.join(', ')}, which tolerance.yaml declares random`
        : `${passed}; a second run gave the same outputs`,
    };
  const keys = differing.map((o) => `'${o.key}'`).join(', ');
  return {
    status: 'warn',
    message: `${passed}, but a second run of the same input changed output(s) ${keys}`,
    details: [
      ...differing.map(
        (o) => `${o.key}: ${short(ownValue(first, o.key))}, then ${short(ownValue(second.body, o.key))}`,
      ),
      `fixtures for these outputs will flap: ${fix}`,
    ].join('\n'),
    findings: differing.map((o) =>
      finding('nondeterministic-output', {
        file: 'tool.json',
        path: `outputs[${manifest.outputs.indexOf(o)}]`,
        message: `output '${o.key}' differed between two runs of the same sample input (${short(ownValue(first, o.key))}, then ${short(ownValue(second.body, o.key))})`,
        fix,
      }),
    ),
  };
}

export const sampleRunSucceeds: Check = {
  name: 'sample_run_succeeds',
  phase: 'contract',
  requires: ['tool_spawns'],
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
        message: `the tool used ${peak.toFixed(0)} MiB of resident memory, above max_memory_mb ${limit}`,
        details:
          'measured as the peak resident set of the whole process group; raise max_memory_mb in tool.json or reduce memory use',
      };
    }
    const passed = `POST /run returned 200 in ${formatSeconds(first.res.durationMs)} (limit ${formatSeconds(timeout)})`;
    // a second run doubles check 8's time: skipped for slow tools and with --no-determinism (docs/checks.md)
    if (options.determinism === false) return { status: 'pass', message: passed };
    if (first.res.durationMs > DETERMINISM_MAX_RUN_MS)
      return {
        status: 'pass',
        message: `${passed}; not run twice (over ${formatSeconds(DETERMINISM_MAX_RUN_MS)}), so determinism was not measured`,
      };
    return determinism(toolDir, manifest, client, inputs, first.body, timeout, passed);
  },
};
