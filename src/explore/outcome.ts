// What the tool did with one generated input: fine, or one kind of failure with a group key, so
// inputs that fail the same way are one finding (docs/checks.md, exploring inputs).
import { randomUUID } from 'node:crypto';
import { type HttpResult, ToolHttpError, detailOf } from '../tool/client.js';
import type { Manifest } from '../model/manifest.js';
import { responseProblems } from '../tool/response-shape.js';
import { depthProblem } from '../tool/value-depth.js';
import type { ToolProcess } from '../tool/spawn.js';
import type { ExploreFailureKind } from '../model/report.js';
import { runBody } from '../inputs/run-body.js';
import { detachedSlice } from '../util/detached.js';
import { memoryLimitMb, runLimitWords, runTimeoutMs } from '../tool/timeouts.js';
import type { Inputs } from './arbitraries.js';
import { parseJson } from '../util/python-json.js';

const BODY_CHARS = 600;
/** a `detail` longer than this is cut in the message (a failure is kept for the whole run) */
const DETAIL_CHARS = 300;
const STDERR_LINES = 15;
const STDERR_CHARS = 4000;
/**
 * How long a closed connection waits to see whether the process died (a crash) or lives on. A busy
 * machine can take a while to report an exit; the wait ends as soon as the exit is seen.
 */
const EXIT_WAIT_MS = 2000;

export type Outcome =
  /** `response`: the start of a 200's answer (--negative shows it when the input was forbidden) */
  | { ok: true; response?: { status: number; body: string } }
  | {
      ok: false;
      kind: ExploreFailureKind;
      /** inputs with the same group fail the same way */
      group: string;
      message: string;
      response: { status: number; body: string } | null;
      stderr?: string;
      /** the process is gone, stuck or over its memory: start a fresh one before the next input */
      restart: boolean;
    };

/** A detail without the parts that vary with the input (numbers, quoted values), to group by. */
function shapeOf(text: string): string {
  return text
    .replace(/'[^']*'|"[^"]*"/g, '…')
    .replace(/\d+(\.\d+)?/g, '#')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .slice(0, 160);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function exitOf(tool: ToolProcess): Promise<ReturnType<ToolProcess['exitStatus']>> {
  const until = performance.now() + EXIT_WAIT_MS;
  while (!tool.exitStatus() && performance.now() < until) await sleep(20);
  return tool.exitStatus();
}

function stderrTail(tool: ToolProcess): string | undefined {
  const lines = tool.stderrText().trimEnd().split('\n').slice(-STDERR_LINES).join('\n');
  return lines.slice(-STDERR_CHARS) || undefined;
}

export interface OutcomeOptions {
  manifest: Manifest;
  /** measure memory after this run (it costs a /proc scan, so the runner spaces them out) */
  checkMemory: boolean;
  /** when the search's time is up (performance.now()): no request waits past it */
  deadline?: number;
}

export async function outcomeOf(tool: ToolProcess, inputs: Inputs, opts: OutcomeOptions): Promise<Outcome> {
  const { manifest } = opts;
  const timeout = runTimeoutMs(manifest);
  const fail = (
    kind: ExploreFailureKind,
    group: string,
    message: string,
    extra: { response?: HttpResult; stderr?: string; restart?: boolean } = {},
  ): Outcome => ({
    ok: false,
    kind,
    group: `${kind}:${group}`,
    message,
    // copies, so a kept failure never holds on to a large answer
    response: extra.response
      ? { status: extra.response.status, body: detachedSlice(extra.response.text, 0, BODY_CHARS) }
      : null,
    ...(extra.stderr ? { stderr: extra.stderr } : {}),
    restart: extra.restart ?? false,
  });
  const overMemory = (): Outcome | null => {
    const peak = tool.peakMemoryMb();
    const limit = memoryLimitMb(manifest);
    return peak !== null && peak > limit
      ? fail(
          'memory_limit',
          '',
          `the tool's resident memory reached ${peak.toFixed(0)} MiB, above max_memory_mb ${limit}`,
          {
            restart: true,
          },
        )
      : null;
  };
  // the search's own time bounds a request too: one it cuts short is not judged (nor called a timeout)
  const left = opts.deadline === undefined ? Number.POSITIVE_INFINITY : opts.deadline - performance.now();
  const cut = left < timeout;
  let res: HttpResult;
  try {
    res = await tool.client.postJson('/run', runBody(randomUUID(), inputs), cut ? Math.max(1, left) : timeout);
  } catch (err) {
    if (!(err instanceof ToolHttpError)) throw err;
    if (err.kind === 'timeout' && cut) return { ok: true };
    if (err.kind === 'timeout')
      return fail('timeout', '', `POST /run did not answer within ${runLimitWords(manifest)}`, { restart: true });
    if (err.kind === 'connection') {
      const exit = await exitOf(tool);
      // a process that hung up may still be dying: the next input gets a fresh one, so a death
      // seen later is never blamed on an input that had nothing to do with it
      if (!exit) return fail('connection_closed', '', `${err.message} without an HTTP response`, { restart: true });
      const memory = overMemory();
      if (memory) return memory;
      const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
      return fail('crash', exit.signal ?? String(exit.code), `the tool ${how} while answering POST /run`, {
        stderr: stderrTail(tool),
        restart: true,
      });
    }
    return fail('protocol', err.kind, err.message);
  }
  const memory = opts.checkMemory ? overMemory() : null;
  if (memory) return memory;
  if (res.status !== 200) {
    const full = detailOf(res.text);
    const detail = full.length > DETAIL_CHARS ? `${detachedSlice(full, 0, DETAIL_CHARS - 1)}…` : full;
    const message = `POST /run returned HTTP ${res.status}: ${detail}`;
    const group = `${res.status}:${shapeOf(detail)}`;
    if (res.status >= 500) return fail('server_error', group, message, { response: res, stderr: stderrTail(tool) });
    if (res.status >= 400)
      return fail('rejected', group, `${message} — for an input tool.json allows`, { response: res });
    return fail('unexpected_status', group, message, { response: res });
  }
  let body: unknown;
  try {
    body = parseJson(res.text);
  } catch (err) {
    return fail(
      'not_json',
      'syntax',
      `POST /run answered 200 with a body that is not JSON: ${(err as Error).message}`,
      {
        response: res,
      },
    );
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return fail(
      'not_json',
      'not-object',
      `POST /run answered 200 with ${Array.isArray(body) ? 'an array' : String(body === null ? 'null' : typeof body)}, not a JSON object keyed by output`,
      { response: res },
    );
  const deep = depthProblem(body, 'the POST /run response', res.text.length);
  if (deep) return fail('output_shape', 'depth', deep, { response: res });
  const problems = responseProblems(manifest.outputs, body as Record<string, unknown>);
  const first = problems[0];
  if (first)
    return fail(
      'output_shape',
      `${first.key}:${shapeOf(first.message)}`,
      `${first.message}${problems.length > 1 ? ` (and ${problems.length - 1} more problem(s))` : ''}`,
      { response: res },
    );
  return { ok: true, response: { status: res.status, body: detachedSlice(res.text, 0, BODY_CHARS) } };
}
