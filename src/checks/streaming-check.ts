import { randomUUID } from 'node:crypto';
import { ToolHttpError } from '../tool/client.js';
import { readStreamEvent } from '../tool/stream-events.js';
import { buildSampleInputs } from '../inputs/sample-inputs.js';
import { runBody } from '../inputs/run-body.js';
import { runLimitWords, runTimeoutMs } from '../tool/timeouts.js';
import type { MessageTable } from '../util/message-table.js';
import type { Check } from './types.js';
import { parseJson } from '../util/python-json.js';

const MAX_PROBLEMS = 20;

const messages = {
  noStreaming: () => 'no outputs declared streaming',
  runStatus: (status: number) => `POST /run for the stream returned HTTP ${status}`,
  runFailed: (error: string) => `POST /run for the stream failed: ${error}`,
  streamStatus: (status: number) => `GET /stream returned HTTP ${status}`,
  notEventStream: (contentType: string) =>
    `GET /stream answered Content-Type '${contentType || '(none)'}', not text/event-stream`,
  inEvent: (n: number, problem: string) => `event ${n}: ${problem}`,
  notJson: (data: string) => `data is not JSON: ${data.slice(0, 80)}`,
  unreadable: (error: string) => `could not read the SSE stream: ${error}`,
  /** `limit` when the run's time ran out (in words), null when the stream closed */
  noEvents: (limit: string | null) =>
    limit === null ? '/stream closed without sending any events' : `no SSE events received within ${limit}`,
  runId: (id: string) => `run_id ${id}`,
  notDone: (keys: string[], limit: string | null) =>
    limit === null
      ? `the stream ended without a "done": true event for ${keys.join(', ')}`
      : `no "done": true event for ${keys.join(', ')} within ${limit}`,
  /** streaming outputs no event named, with the fields the events did carry and how to name an output */
  silent: (silent: string[], otherFields: string[]) => {
    const first = silent[0]!;
    const carried = otherFields.length
      ? `; the events carried ${otherFields.join(', ')} but no field named after the output: send {"${first}": <update>, "done": false} or {"output_key": "${first}", "value": <update>, "done": false}`
      : '';
    return `no events for streaming output(s) ${silent.join(', ')}${carried}`;
  },
  problems: (n: number, first: string | undefined) => `${n} streaming problem(s): ${first}`,
  received: (events: number, runId: string) =>
    `received ${events} well-formed SSE event(s) for run ${runId.slice(0, 8)}… ending with done: true`,
} satisfies MessageTable;

/**
 * Posts a run and, at the same moment, opens /stream for that run's id (the tool must accept the
 * two in either order), then reads real SSE events until every streaming output is done. Events
 * take either form of docs/tool-format.md (tool/stream-events.ts).
 */
export const streamingCheck: Check = {
  name: 'streaming_check',
  phase: 'contract',
  requires: ['tool_spawns'],
  messages,
  async run({ state }) {
    const manifest = state.manifest!;
    const streaming = manifest.outputs.filter((o) => o.streaming);
    if (streaming.length === 0) return { status: 'skip', message: messages.noStreaming() };
    const runId = randomUUID();
    const timeout = runTimeoutMs(manifest);
    const client = state.tool!.client;
    const run = client
      .postJson('/run', runBody(runId, state.sampleInputs ?? buildSampleInputs(manifest)), timeout)
      .then(
        (r) => (r.status === 200 ? null : messages.runStatus(r.status)),
        (e: Error) => messages.runFailed(e.message),
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
          if (status !== 200) openProblem = messages.streamStatus(status);
          else if (!contentType.toLowerCase().startsWith('text/event-stream'))
            openProblem = messages.notEventStream(contentType);
          return openProblem === null;
        },
        (event) => {
          events++;
          let data: unknown;
          try {
            data = parseJson(event.data);
          } catch {
            if (problems.length < MAX_PROBLEMS) problems.push(messages.inEvent(events, messages.notJson(event.data)));
            return false;
          }
          const read = readStreamEvent(data, manifest.outputs);
          for (const p of read.problems) if (problems.length < MAX_PROBLEMS) problems.push(messages.inEvent(events, p));
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
        return { status: 'fail', message: messages.unreadable(err.message) };
      }
      outcome = 'timeout';
    }
    const runProblem = await run;
    if (openProblem) return { status: 'fail', message: openProblem };
    const notDone = streaming.filter((o) => !done.has(o.key)).map((o) => o.key);
    // a bare {"done": true} ends a stream but says nothing for any output
    const silent = streaming.filter((o) => counts.get(o.key) === 0).map((o) => o.key);
    const timedOut = outcome === 'timeout' ? runLimitWords(manifest) : null;
    if (events === 0) return { status: 'fail', message: messages.noEvents(timedOut), details: messages.runId(runId) };
    if (notDone.length) problems.push(messages.notDone(notDone, timedOut));
    if (silent.length) problems.push(messages.silent(silent, [...otherFields]));
    if (runProblem) problems.push(runProblem);
    if (problems.length)
      return {
        status: 'fail',
        message: messages.problems(problems.length, problems[0]),
        details: problems.join('\n'),
      };
    return {
      status: 'pass',
      message: messages.received(events, runId),
    };
  },
};
