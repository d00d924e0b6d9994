// The HTTP client for a running tool: undici with explicit timeouts and a response size cap, so a
// tool that hangs or floods can only fail its own check, never stall or exhaust pixie.
import { constants as bufferConstants } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { createParser } from 'eventsource-parser';
import { Agent, request } from 'undici';
import { formatSize, limit, limitHint } from '../limits.js';

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
  text: string;
  durationMs: number;
}

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export class ToolClient {
  private readonly agent: Agent;

  private readonly budget: ResponseBudget;

  constructor(
    readonly baseUrl: string,
    maxResponseBytes?: number,
  ) {
    this.agent = new Agent({ keepAliveTimeout: 10_000, connections: 16 });
    this.budget = wholeBudget(maxResponseBytes);
  }

  get(path: string, timeoutMs: number): Promise<HttpResult> {
    return this.send('GET', path, undefined, timeoutMs, this.budget);
  }

  /** `budget`: this request's share when several run at once (fixtures), else the whole output budget. */
  postJson(path: string, body: unknown, timeoutMs: number, budget: ResponseBudget = this.budget): Promise<HttpResult> {
    return this.send('POST', path, JSON.stringify(body), timeoutMs, budget);
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
  ): Promise<HttpResult> {
    const started = performance.now();
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const res = await request(this.baseUrl + path, {
        method,
        body,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        dispatcher: this.agent,
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      // decoded as it arrives, so a response is held once as text rather than as chunks, a copy and text
      const decoder = new StringDecoder('utf8');
      const parts: string[] = [];
      const max = Math.min(budget.bytes, bufferConstants.MAX_STRING_LENGTH);
      let size = 0;
      for await (const chunk of res.body) {
        size += chunk.length;
        if (size > max) {
          res.body.on('error', () => {});
          res.body.destroy();
          throw new ToolHttpError('too_large', `${method} ${path} response is larger than ${budget.words}`);
        }
        parts.push(decoder.write(chunk as Buffer));
      }
      parts.push(decoder.end());
      return {
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? ''),
        text: parts.length === 1 ? parts[0]! : parts.join(''),
        durationMs: performance.now() - started,
      };
    } catch (err) {
      throw toToolError(err, method, path, timeoutMs);
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
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new ToolHttpError('timeout', `GET ${path} did not finish within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    try {
      const res = await request(this.baseUrl + path, {
        method: 'GET',
        headers: { accept: 'text/event-stream' },
        dispatcher: this.agent,
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      // a destroyed body emits an abort error: give it a listener so it is not an uncaught exception
      res.body.on('error', () => {});
      if (!onOpen(res.statusCode, String(res.headers['content-type'] ?? ''))) {
        res.body.destroy();
        return 'stopped';
      }
      const parser = sseParser(this.budget.bytes, () => {
        throw new ToolHttpError('too_large', `GET ${path} sent one event larger than ${this.budget.words}`);
      });
      const decoder = new StringDecoder('utf8');
      let size = 0;
      for await (const chunk of res.body) {
        size += chunk.length;
        if (size > this.budget.bytes)
          throw new ToolHttpError('too_large', `GET ${path} stream sent more than ${this.budget.words}`);
        for (const event of parser.push(decoder.write(chunk as Buffer))) {
          if (onEvent(event)) {
            res.body.destroy();
            return 'stopped';
          }
        }
      }
      for (const event of parser.end()) if (onEvent(event)) return 'stopped';
      return 'ended';
    } catch (err) {
      if (controller.signal.aborted && controller.signal.reason instanceof ToolHttpError)
        throw controller.signal.reason;
      throw toToolError(err, 'GET', path, timeoutMs);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.agent.destroy().catch(() => {});
  }
}

function toToolError(err: unknown, method: string, path: string, timeoutMs: number): ToolHttpError {
  if (err instanceof ToolHttpError) return err;
  const e = err as { name?: string; code?: string; message?: string };
  if (
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    e.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e.code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return new ToolHttpError('timeout', `${method} ${path} did not answer within ${formatSeconds(timeoutMs)}`);
  }
  if (
    e.code === 'ECONNREFUSED' ||
    e.code === 'ECONNRESET' ||
    e.code === 'UND_ERR_SOCKET' ||
    e.code === 'UND_ERR_CLOSED'
  ) {
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
    const body = JSON.parse(text) as { detail?: unknown };
    if (body && typeof body === 'object' && body.detail !== undefined)
      return typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail);
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
