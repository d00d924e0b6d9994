// Runs one comparison by a project comparator (docs/comparators.md#project-comparators) in a node
// process of its own: the environment tools get without their secrets (PATH, HOME, the locale, the
// config's env.pass), a heap cap, a deadline, a bounded answer, and its process group killed after.
// Whatever the module does — throw, hang, exhaust memory, answer nonsense — is that comparison's
// failure, never pixie's.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ComparisonResult } from '../comparators/types.js';
import { limit } from '../limits.js';
import type { Difference } from '../model/report.js';
import type { Tolerance } from '../model/tolerance.js';
import { baseEnvironment } from '../tool/environment.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { MessageTable } from '../util/message-table.js';

const RUNNER = fileURLToPath(new URL('./comparator-runner.mjs', import.meta.url));
/** The most bytes of an answer read, and of a message or a difference list kept. */
const ANSWER_BYTES = 16 * 1024 * 1024;
const MESSAGE_CHARS = 2000;
const DIFFERENCES = 1000;
/**
 * NaN and the infinities have no strict JSON (JSON.stringify writes null), yet Python tools send them:
 * each crosses as a string starting with this mark, which comparator-runner.mjs turns back into the
 * number, both ways. Kept in step with the runner's own copy.
 */
const NON_FINITE = '\u0000pixie-number:';

/** JSON.stringify that sends NaN and ±Infinity as marked strings (a JsonNumber as its nearest double, by its toJSON). */
function stringifyForRunner(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'number' && !Number.isFinite(v) ? NON_FINITE + String(v) : v,
  );
}

/** JSON.parse that reads the runner's marked strings back as NaN and ±Infinity. */
function parseFromRunner(text: string): unknown {
  if (!text.includes('\\u0000pixie-number:')) return JSON.parse(text);
  return JSON.parse(text, (_key, v: unknown) =>
    typeof v === 'string' && v.startsWith(NON_FINITE) ? Number(v.slice(NON_FINITE.length)) : v,
  );
}

const messages = {
  rule: (name: string, file: string, options: Record<string, unknown>) =>
    `compare: ${name} (project comparator ${file})${Object.keys(options).length ? `, options ${JSON.stringify(options).slice(0, 200)}` : ''}`,
  failed: (name: string, reason: string) => `project comparator ${name} failed: ${reason}`,
  timedOut: (seconds: number) =>
    `it did not answer within ${seconds} s (PIXIE_COMPARATOR_SECONDS); make it faster or raise the limit`,
  outOfMemory: (mb: number) =>
    `it ran out of memory (its heap is capped at ${mb} MB, PIXIE_COMPARATOR_HEAP_MB); compare with less memory or raise the limit`,
  tooLarge: () =>
    `its answer is larger than ${ANSWER_BYTES / 1024 / 1024} MiB; return a shorter message and fewer differences`,
  exited: (code: number | null, signal: string | null, stderr: string) =>
    `its process ended (${signal ? `signal ${signal}` : `exit code ${code}`}) before answering${stderr ? `: ${stderr}` : ''}`,
  threw: (error: string) => `it threw ${error}`,
  badShape: (got: string) =>
    `it returned ${got}; return {pass: true or false, message: "…", differences?: [{path, message}]}`,
} satisfies MessageTable;

export interface ProjectComparison {
  name: string;
  /** absolute path of the module */
  module: string;
  /** the project's root: the process's working folder, and how the rule names the module */
  root: string;
  expected: unknown;
  actual: unknown;
  /** the tolerance as written for the output, without `compare` */
  options: Record<string, unknown>;
  /** names from pixie's environment the project passes to tools (pixie.config env.pass) */
  passEnv?: readonly string[];
}

type Answer = { ok: true; value: unknown } | { ok: false; reason: string };

function short(v: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    text = String(v);
  }
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/** The module's default export called in a child process, as an answer or why there is none. */
function runChild(c: ProjectComparison): Promise<Answer> {
  const seconds = limit('comparatorSeconds');
  const heapMb = limit('comparatorHeapMb');
  const env = baseEnvironment();
  for (const k of c.passEnv ?? []) if (process.env[k] !== undefined) env[k] = process.env[k];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, RUNNER, c.module], {
      cwd: c.root,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = '';
    let settled: Answer | null = null;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const settle = (a: Answer) => {
      settled ??= a;
      killGroup();
    };
    const timer = setTimeout(() => settle({ ok: false, reason: messages.timedOut(seconds) }), seconds * 1000);
    child.stdout.on('data', (b: Buffer) => {
      outBytes += b.length;
      if (outBytes > ANSWER_BYTES) settle({ ok: false, reason: messages.tooLarge() });
      else out.push(b);
    });
    child.stderr.on('data', (b: Buffer) => {
      stderr = (stderr + b.toString('utf8')).slice(-4000);
    });
    child.stdin.on('error', () => undefined); // a module that exits before reading its input
    child.on('error', (err) => settle({ ok: false, reason: err.message }));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      killGroup(); // whatever it left behind in its group
      if (settled) return resolve(settled);
      if (/heap limit|out of memory/i.test(stderr)) return resolve({ ok: false, reason: messages.outOfMemory(heapMb) });
      let message: unknown;
      try {
        message = parseFromRunner(Buffer.concat(out).toString('utf8'));
      } catch {
        const tail = stderr.trim().split('\n').slice(-5).join(' | ');
        return resolve({ ok: false, reason: messages.exited(code, signal, tail.slice(-MESSAGE_CHARS)) });
      }
      if (isPlainObject(message) && typeof message.error === 'string')
        return resolve({ ok: false, reason: messages.threw(message.error.slice(0, MESSAGE_CHARS)) });
      resolve(isPlainObject(message) ? { ok: true, value: message.result } : { ok: false, reason: 'no answer' });
    });
    let input: string;
    try {
      input = stringifyForRunner({ expected: c.expected, actual: c.actual, options: c.options });
    } catch (err) {
      settle({ ok: false, reason: (err as Error).message });
      return;
    }
    child.stdin.end(input);
  });
}

/** A returned value as pass, message and differences, or what is wrong with its shape. */
function readResult(v: unknown): { pass: boolean; message: string; differences: Difference[] } | string {
  if (!isPlainObject(v) || typeof v.pass !== 'boolean' || typeof v.message !== 'string')
    return messages.badShape(short(v));
  const differences: Difference[] = [];
  if (v.differences !== undefined) {
    if (!Array.isArray(v.differences)) return messages.badShape(short(v));
    for (const d of v.differences.slice(0, DIFFERENCES)) {
      if (!isPlainObject(d) || typeof d.path !== 'string' || typeof d.message !== 'string')
        return messages.badShape(short(v));
      differences.push({
        path: d.path.slice(0, MESSAGE_CHARS),
        message: d.message.slice(0, MESSAGE_CHARS),
        ...('expected' in d ? { expected: d.expected } : {}),
        ...('actual' in d ? { actual: d.actual } : {}),
      });
    }
  }
  return { pass: v.pass, message: v.message.slice(0, MESSAGE_CHARS), differences };
}

/** One comparison by a project comparator, reported like a built-in one. */
export async function compareWithProject(c: ProjectComparison): Promise<ComparisonResult> {
  const file = `./${path.relative(c.root, c.module).split(path.sep).join('/')}`;
  const rule = messages.rule(c.name, file, c.options);
  const tolerance: Tolerance = { ...c.options, compare: c.name };
  const base = { rule, expected: c.expected, actual: c.actual, tolerance, comparator: `project:${c.name}` };
  const answer = await runChild(c);
  const read = answer.ok ? readResult(answer.value) : answer.reason;
  if (typeof read === 'string') {
    const metric = messages.failed(c.name, read);
    return { ...base, status: 'fail', score: 0, metric, differences: [{ path: '', message: metric }] };
  }
  return {
    ...base,
    status: read.pass ? 'pass' : 'fail',
    score: read.pass ? 1 : 0,
    metric: read.message,
    differences: read.pass
      ? read.differences
      : read.differences.length
        ? read.differences
        : [{ path: '', message: read.message }],
  };
}
