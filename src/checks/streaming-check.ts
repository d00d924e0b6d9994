import { randomUUID } from 'node:crypto';
import { ToolHttpError } from '../tool/client.js';
import { readStreamEvent } from '../tool/stream-events.js';
import { buildSampleInputs } from '../inputs/sample-inputs.js';
import { runBody } from '../inputs/run-body.js';
import { runLimitWords, runTimeoutMs } from '../tool/timeouts.js';
import type { Check } from './types.js';

const MAX_PROBLEMS = 20;

/** A streaming output no event named, with the fields the events did carry and how to name it. */
function silentProblem(silent: string[], otherFields: string[]): string {
  const first = silent[0]!;
  const carried = otherFields.length
    ? `; the events carried ${otherFields.join(', ')} but no field named after the output: send {"${first}": <update>, "done": false} or {"output_key": "${first}", "value": <update>, "done": false}`
    : '';
  return `no events for streaming output(s) ${silent.join(', ')}${carried}`;
}

/**
 * Posts a run and, at the same moment, opens /stream for that run's id (the tool must accept the
 * two in either order), then reads real SSE events until every streaming output is done. Events
 * take either form of docs/tool-format.md (tool/stream-events.ts).
 */
export const streamingCheck: Check = {
  name: 'streaming_check',
  phase: 'contract',
  requires: ['tool_spawns'],
  async run({ state }) {
    const manifest = state.manifest!;
    const streaming = manifest.outputs.filter((o) => o.streaming);
    if (streaming.length === 0) return { status: 'skip', message: 'no outputs declared streaming' };
    const runId = randomUUID();
    const timeout = runTimeoutMs(manifest);
    const client = state.tool!.client;
    const run = client
      .postJson('/run', runBody(runId, state.sampleInputs ?? buildSampleInputs(manifest)), timeout)
      .then(
        (r) => (r.status === 200 ? null : `POST /run for the stream returned HTTP ${r.status}`),
        (e: Error) => `POST /run for the stream failed: ${e.message}`,
      );
    const problems: string[] = [];
    const counts = new Map<string, number>(streaming.map((o) => [o.key, 0]));
    const done = new Set<string>();
    const otherFields = new Set<string>();
    let events = 0;
    let openProblem: string | null = null;
    let outcome: 'ended' | 'stopped' | 'timeout';
    try {
      outcome = await client.stream(
        `/stream?run_id=${encodeURIComponent(runId)}`,
        timeout,
        (status, contentType) => {
          if (status !== 200) openProblem = `GET /stream returned HTTP ${status}`;
          else if (!contentType.toLowerCase().startsWith('text/event-stream'))
            openProblem = `GET /stream answered Content-Type '${contentType || '(none)'}', not text/event-stream`;
          return openProblem === null;
        },
        (event) => {
          events++;
          let data: unknown;
          try {
            data = JSON.parse(event.data);
          } catch {
            if (problems.length < MAX_PROBLEMS)
              problems.push(`event ${events}: data is not JSON: ${event.data.slice(0, 80)}`);
            return false;
          }
          const read = readStreamEvent(data, manifest.outputs);
          for (const p of read.problems) if (problems.length < MAX_PROBLEMS) problems.push(`event ${events}: ${p}`);
          for (const key of read.mentions) counts.set(key, (counts.get(key) ?? 0) + 1);
          for (const key of read.ends === 'all' ? streaming.map((o) => o.key) : read.ends) done.add(key);
          for (const f of read.otherFields) if (otherFields.size < 10) otherFields.add(f);
          return streaming.every((o) => done.has(o.key));
        },
      );
    } catch (err) {
      if (!(err instanceof ToolHttpError)) throw err;
      if (err.kind !== 'timeout') {
        await run;
        return { status: 'fail', message: `could not read the SSE stream: ${err.message}` };
      }
      outcome = 'timeout';
    }
    const runProblem = await run;
    if (openProblem) return { status: 'fail', message: openProblem };
    const notDone = streaming.filter((o) => !done.has(o.key)).map((o) => o.key);
    // a bare {"done": true} ends a stream but says nothing for any output
    const silent = streaming.filter((o) => counts.get(o.key) === 0).map((o) => o.key);
    if (events === 0) {
      return {
        status: 'fail',
        message:
          outcome === 'timeout'
            ? `no SSE events received within ${runLimitWords(manifest)}`
            : '/stream closed without sending any events',
        details: `run_id ${runId}`,
      };
    }
    if (notDone.length) {
      problems.push(
        outcome === 'timeout'
          ? `no "done": true event for ${notDone.join(', ')} within ${runLimitWords(manifest)}`
          : `the stream ended without a "done": true event for ${notDone.join(', ')}`,
      );
    }
    if (silent.length) problems.push(silentProblem(silent, [...otherFields]));
    if (runProblem) problems.push(runProblem);
    if (problems.length)
      return {
        status: 'fail',
        message: `${problems.length} streaming problem(s): ${problems[0]}`,
        details: problems.join('\n'),
      };
    return {
      status: 'pass',
      message: `received ${events} well-formed SSE event(s) for run ${runId.slice(0, 8)}… ending with done: true`,
    };
  },
};
