// The HTTP client for a running tool: node:http with a deadline per request and a response size cap,
// so a tool that hangs or floods can only fail its own check, never stall or exhaust pixie. node:http
// rather than undici: it is already loaded with Node, where undici cost ~50 ms to import and kept
// the process alive compiling its WebAssembly parser after the report (bench/validate-overhead.ts).
import { constants as bufferConstants } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { createParser } from 'eventsource-parser';
import { Agent, type ClientRequest, type IncomingMessage, request } from 'node:http';
import { formatSize, limit, limitHint } from '../limits.js';
import { clampTimerMs } from '../util/timer.js';
import { parseJson, stringifyJson } from '../util/python-json.js';

/** How much of a response may be read, and how a refusal names that limit. */
export interface ResponseBudget {
  bytes: number;
  /** the limit in words, e.g. "256 MiB (PIXIE_MAX_OUTPUT_MB)" */
  words: string;
}

/** The whole output budget, for one request at a time (docs: README, Limits and safety). */
function wholeBudget(bytes?: number): ResponseBudget {
  return bytes === undefined
    ? { bytes: limit('outputBytes'), words: limitHint('outputBytes') }
    : { bytes, words: formatSize(bytes) };
}

export type ToolHttpErrorKind = 'timeout' | 'connection' | 'too_large' | 'protocol';

/** The tool broke the HTTP contract (or is unreachable): a check `fail`, not a pixie error. */
export class ToolHttpError extends Error {
  constructor(
    readonly kind: ToolHttpErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ToolHttpError';
  }
}

export interface HttpResult {
  status: number;
  contentType: string;
  /** the body as text (when `bytes` were asked for, decoded from them on first read) */
  readonly text: string;
  /** the body's bytes, when asked for (`{ bytes: true }`); a reader that is done with them sets this to undefined */
  bytes?: Buffer;
  durationMs: number;
}

/** A response kept as bytes: its text is made only if someone reads it. */
class BytesResult implements HttpResult {
  private decoded: string | undefined;

  constructor(
    readonly status: number,
    readonly contentType: string,
    public bytes: Buffer | undefined,
    readonly durationMs: number,
  ) {}

  get text(): string {
    this.decoded ??= this.bytes?.toString('utf8') ?? '';
    return this.decoded;
  }
}

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export class ToolClient {
  private readonly agent: Agent;
  private readonly host: string;
  private readonly port: number;
  private readonly budget: ResponseBudget;

  constructor(
    readonly baseUrl: string,
    maxResponseBytes?: number,
  ) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new Agent({ keepAlive: true, maxSockets: 16 });
    this.budget = wholeBudget(maxResponseBytes);
  }

  get(path: string, timeoutMs: number): Promise<HttpResult> {
    return this.send('GET', path, undefined, timeoutMs, this.budget);
  }

  /**
   * `budget`: this request's share when several run at once (fixtures), else the whole output
   * budget. `bytes`: keep the body as bytes, for a reader that parses them (a large table's rows,
   * util/parse-json-rows.ts), so a large answer is never one string.
   */
  postJson(
    path: string,
    body: unknown,
    timeoutMs: number,
    budget: ResponseBudget = this.budget,
    opts: { bytes?: boolean } = {},
  ): Promise<HttpResult> {
    return this.send('POST', path, stringifyJson(body), timeoutMs, budget, opts.bytes);
  }

  /** The output budget shared by `ways` requests running at once. */
  share(ways: number): ResponseBudget {
    if (ways <= 1) return this.budget;
    return {
      bytes: Math.floor(this.budget.bytes / ways),
      words: `${formatSize(Math.floor(this.budget.bytes / ways))}, its share of the ${this.budget.words} a tool's responses may hold at once with ${ways} running together (--jobs)`,
    };
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    body: string | undefined,
    timeoutMs: number,
    budget: ResponseBudget,
    keepBytes = false,
  ): Promise<HttpResult> {
    const started = performance.now();
    const deadline = started + timeoutMs;
    const max = Math.min(budget.bytes, bufferConstants.MAX_STRING_LENGTH);
    let first: unknown = null;
    for (;;) {
      const exchange = new Exchange(this.host, this.port, first ? false : this.agent, deadline);
      try {
        const res = await exchange.send(method, path, body);
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        const tooLarge = (): never => {
          exchange.abort();
          throw new ToolHttpError('too_large', `${method} ${path} response is larger than ${budget.words}`);
        };
        if (keepBytes) {
          // kept as Buffers, outside V8's heap: a large answer is never one string (which would stay
          // until V8's next full collection)
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of res) {
            size += (chunk as Buffer).length;
            if (size > max) tooLarge();
            chunks.push(chunk as Buffer);
          }
          if (!res.complete) throw exchange.failure(closedEarly());
          const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
          return new BytesResult(status, contentType, bytes, performance.now() - started);
        }
        // decoded as it arrives, so a response is held once as text rather than as chunks, a copy and text
        const decoder = new StringDecoder('utf8');
        const parts: string[] = [];
        let size = 0;
        for await (const chunk of res) {
          size += (chunk as Buffer).length;
          if (size > max) tooLarge();
          parts.push(decoder.write(chunk as Buffer));
        }
        if (!res.complete) throw exchange.failure(closedEarly());
        parts.push(decoder.end());
        return {
          status,
          contentType,
          text: parts.length === 1 ? parts[0]! : parts.join(''),
          durationMs: performance.now() - started,
        };
      } catch (err) {
        const e = exchange.failure(err);
        // a kept-alive connection the tool had already closed (pixie was busy when it did): the
        // request goes again once, on a new connection; if the tool is gone by then, the first
        // failure is the one that explains it
        if (!first && exchange.staleSocket(e)) {
          first = e;
          continue;
        }
        throw toToolError(
          first && (e as { code?: string }).code === 'ECONNREFUSED' ? first : e,
          method,
          path,
          timeoutMs,
        );
      } finally {
        exchange.finish();
      }
    }
  }

  /**
   * Opens a Server-Sent Events stream and calls `onEvent` for each event until the stream ends,
   * `onEvent` returns true (stop), or the total time runs out.
   */
  async stream(
    path: string,
    timeoutMs: number,
    onOpen: (status: number, contentType: string) => boolean,
    onEvent: (e: SseEvent) => boolean,
  ): Promise<'ended' | 'stopped'> {
    const deadline = performance.now() + timeoutMs;
    let retried = false;
    for (;;) {
      const exchange = new Exchange(this.host, this.port, retried ? false : this.agent, deadline);
      let opened = false;
      try {
        const res = await exchange.send('GET', path, undefined, { accept: 'text/event-stream' });
        opened = true;
        if (!onOpen(res.statusCode ?? 0, String(res.headers['content-type'] ?? ''))) {
          exchange.abort();
          return 'stopped';
        }
        const parser = sseParser(this.budget.bytes, () => {
          throw new ToolHttpError('too_large', `GET ${path} sent one event larger than ${this.budget.words}`);
        });
        const decoder = new StringDecoder('utf8');
        let size = 0;
        for await (const chunk of res) {
          size += (chunk as Buffer).length;
          if (size > this.budget.bytes) {
            exchange.abort();
            throw new ToolHttpError('too_large', `GET ${path} stream sent more than ${this.budget.words}`);
          }
          for (const event of parser.push(decoder.write(chunk as Buffer)))
            if (onEvent(event)) {
              exchange.abort();
              return 'stopped';
            }
        }
        for (const event of parser.end()) if (onEvent(event)) return 'stopped';
        return 'ended';
      } catch (err) {
        if (err instanceof ToolHttpError) {
          exchange.abort();
          throw err;
        }
        const e = exchange.failure(err);
        if (!retried && !opened && exchange.staleSocket(e)) {
          retried = true;
          continue;
        }
        if ((e as { name?: string }).name === 'TimeoutError')
          throw new ToolHttpError('timeout', `GET ${path} did not finish within ${timeoutMs / 1000} s`);
        throw toToolError(e, 'GET', path, timeoutMs);
      } finally {
        exchange.finish();
      }
    }
  }

  async close(): Promise<void> {
    this.agent.destroy();
  }
}

const closedEarly = () => Object.assign(new Error('the response ended early'), { code: 'ECONNRESET' });

/**
 * One request on node:http with a deadline for the whole exchange (headers and body): past it the
 * request is destroyed and the failure reads as a timeout, whatever error the socket reports.
 */
class Exchange {
  private req: ClientRequest | null = null;
  private timer: NodeJS.Timeout | null = null;
  private timedOut = false;
  private answered = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly agent: Agent | false,
    private readonly deadline: number,
  ) {}

  send(method: string, path: string, body: string | undefined, headers: Record<string, string> = {}) {
    return new Promise<IncomingMessage>((resolve, reject) => {
      const req = request({
        host: this.host,
        port: this.port,
        method,
        path,
        agent: this.agent,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      });
      this.req = req;
      this.timer = setTimeout(
        () => {
          this.timedOut = true;
          req.destroy();
        },
        clampTimerMs(Math.max(0, this.deadline - performance.now())),
      );
      req.on('error', (err) => {
        if (!this.answered) reject(err);
      });
      req.on('response', (res) => {
        this.answered = true;
        resolve(res);
      });
      req.end(body);
    });
  }

  /** Stops reading: the connection is closed, never handed to another request. */
  abort(): void {
    this.req?.destroy();
  }

  /** What a failure means: a timeout whenever the deadline passed, else the error itself. */
  failure(err: unknown): unknown {
    return this.timedOut ? Object.assign(new Error('timed out'), { name: 'TimeoutError' }) : err;
  }

  /** The request failed on a kept-alive connection before any answer: the tool had closed it. */
  staleSocket(err: unknown): boolean {
    const code = (err as { code?: string }).code;
    return (
      !this.timedOut && !this.answered && this.req?.reusedSocket === true && (code === 'ECONNRESET' || code === 'EPIPE')
    );
  }

  finish(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}

function toToolError(err: unknown, method: string, path: string, timeoutMs: number): ToolHttpError {
  if (err instanceof ToolHttpError) return err;
  const e = err as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') {
    return new ToolHttpError('timeout', `${method} ${path} did not answer within ${formatSeconds(timeoutMs)}`);
  }
  if (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET' || e.code === 'EPIPE') {
    return new ToolHttpError(
      'connection',
      `${method} ${path} failed: connection ${e.code === 'ECONNREFUSED' ? 'refused' : 'closed by the tool'}`,
    );
  }
  return new ToolHttpError('protocol', `${method} ${path} failed: ${e.message ?? String(err)}`);
}

/** The `detail` of an error body (the HTTP contract's `{"detail": "..."}`), else the start of the text. */
export function detailOf(text: string): string {
  try {
    const body = parseJson(text) as { detail?: unknown };
    if (body && typeof body === 'object' && body.detail !== undefined)
      return typeof body.detail === 'string' ? body.detail : stringifyJson(body.detail);
  } catch {
    // not JSON: show the start of the text
  }
  return text.slice(0, 300);
}

export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/**
 * Server-Sent Events framing, with eventsource-parser (linear in the stream, however long its lines);
 * an event or unfinished line longer than `maxChars` calls `tooLarge`.
 */
function sseParser(maxChars: number, tooLarge: () => never): { push(text: string): SseEvent[]; end(): SseEvent[] } {
  let out: SseEvent[] = [];
  let overflow = false;
  const parser = createParser({
    maxBufferSize: maxChars,
    onEvent: (e) => {
      out.push({ event: e.event ?? 'message', data: e.data, id: e.id });
    },
    onError: (e) => {
      if (e.type === 'max-buffer-size-exceeded') overflow = true;
    },
  });
  const take = () => {
    const events = out;
    out = [];
    return events;
  };
  return {
    push(text) {
      parser.feed(text);
      if (overflow) tooLarge();
      return take();
    },
    // an event not terminated by a blank line is discarded, as browsers do
    end() {
      parser.reset({ consume: true });
      return take();
    },
  };
}
