import { randomUUID } from 'node:crypto';
import { type HttpResult, ToolHttpError, detailOf, formatSeconds } from '../tool/client.js';
import { depthProblem } from '../tool/value-depth.js';
import { buildSampleInputs, runBody } from '../validation/sample-inputs.js';
import { memoryLimitMb, runLimitWords, runTimeoutMs } from '../validation/timeouts.js';
import type { Check } from './types.js';

export const sampleRunSucceeds: Check = {
  name: 'sample_run_succeeds',
  phase: 'contract',
  requires: ['tool_spawns'],
  async run({ state }) {
    const manifest = state.manifest!;
    const inputs = buildSampleInputs(manifest);
    const runId = randomUUID();
    state.sampleInputs = inputs;
    state.sampleRunId = runId;
    const timeout = runTimeoutMs(manifest);
    const inputsText = `sample inputs = ${JSON.stringify(inputs).slice(0, 1500)}`;
    let res: HttpResult;
    try {
      res = await state.tool!.client.postJson('/run', runBody(runId, inputs), timeout);
    } catch (err) {
      if (err instanceof ToolHttpError)
        return {
          status: 'fail',
          message: err.kind === 'timeout' ? `POST /run did not answer within ${runLimitWords(manifest)}` : err.message,
          details: inputsText,
        };
      throw err;
    }
    if (res.status !== 200) {
      return {
        status: 'fail',
        message: `POST /run returned HTTP ${res.status}: ${detailOf(res.text)}`,
        details: `${inputsText}\nresponse body: ${res.text.slice(0, 2000)}`,
      };
    }
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch (err) {
      return {
        status: 'fail',
        message: `POST /run response was not JSON: ${(err as Error).message}`,
        details: `content-type: ${res.contentType}\nbody: ${res.text.slice(0, 2000)}`,
      };
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return {
        status: 'fail',
        message: `POST /run returned ${Array.isArray(body) ? 'an array' : typeof body}, not a JSON object keyed by output`,
        details: res.text.slice(0, 2000),
      };
    }
    const deep = depthProblem(body, 'the POST /run response');
    if (deep) return { status: 'fail', message: deep };
    state.sampleOutput = body as Record<string, unknown>;
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
    return {
      status: 'pass',
      message: `POST /run returned 200 in ${formatSeconds(res.durationMs)} (limit ${formatSeconds(timeout)})`,
    };
  },
};
