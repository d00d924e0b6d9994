// The HTTP client for a running tool: undici with explicit timeouts and a response size cap, so a
// tool that hangs or floods can only fail its own check, never stall or exhaust pixie.
import { Agent, request } from 'undici';

export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

export type ToolHttpErrorKind = 'timeout' | 'connection' | 'too_large' | 'protocol';

/** The tool broke the HTTP contract (or is unreachable): a check `fail`, not a pixie error. */
export class ToolHttpError extends Error {
  constructor(readonly kind: ToolHttpErrorKind, message: string) {
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

export interface SseEvent { event: string; data: string; id?: string }

export class ToolClient {
  private readonly agent: Agent;

  constructor(readonly baseUrl: string, private readonly maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES) {
    this.agent = new Agent({ keepAliveTimeout: 10_000, connections: 16 });
  }

  get(path: string, timeoutMs: number): Promise<HttpResult> {
    return this.send('GET', path, undefined, timeoutMs);
  }

  postJson(path: string, body: unknown, timeoutMs: number): Promise<HttpResult> {
    return this.send('POST', path, JSON.stringify(body), timeoutMs);
  }

  private async send(method: 'GET' | 'POST', path: string, body: string | undefined, timeoutMs: number): Promise<HttpResult> {
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
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += chunk.length;
        if (size > this.maxResponseBytes) {
          res.body.on('error', () => {});
          res.body.destroy();
          throw new ToolHttpError('too_large', `${method} ${path} response exceeded ${Math.round(this.maxResponseBytes / 1048576)} MiB`);
        }
        chunks.push(chunk as Buffer);
      }
      return {
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? ''),
        text: Buffer.concat(chunks).toString('utf8'),
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
  async stream(path: string, timeoutMs: number, onOpen: (status: number, contentType: string) => boolean, onEvent: (e: SseEvent) => boolean): Promise<'ended' | 'stopped'> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new ToolHttpError('timeout', `GET ${path} did not finish within ${timeoutMs / 1000} s`)), timeoutMs);
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
      const parser = new SseParser();
      let size = 0;
      for await (const chunk of res.body) {
        size += chunk.length;
        if (size > this.maxResponseBytes) throw new ToolHttpError('too_large', `GET ${path} stream exceeded ${Math.round(this.maxResponseBytes / 1048576)} MiB`);
        for (const event of parser.push((chunk as Buffer).toString('utf8'))) {
          if (onEvent(event)) {
            res.body.destroy();
            return 'stopped';
          }
        }
      }
      for (const event of parser.end()) if (onEvent(event)) return 'stopped';
      return 'ended';
    } catch (err) {
      if (controller.signal.aborted && controller.signal.reason instanceof ToolHttpError) throw controller.signal.reason;
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
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') {
    return new ToolHttpError('timeout', `${method} ${path} did not answer within ${formatSeconds(timeoutMs)}`);
  }
  if (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET' || e.code === 'UND_ERR_SOCKET' || e.code === 'UND_ERR_CLOSED') {
    return new ToolHttpError('connection', `${method} ${path} failed: connection ${e.code === 'ECONNREFUSED' ? 'refused' : 'closed by the tool'}`);
  }
  return new ToolHttpError('protocol', `${method} ${path} failed: ${e.message ?? String(err)}`);
}

/** The `detail` of an error body (the HTTP contract's `{"detail": "..."}`), else the start of the text. */
export function detailOf(text: string): string {
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    if (body && typeof body === 'object' && body.detail !== undefined) return typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail);
  } catch {
    // not JSON: show the start of the text
  }
  return text.slice(0, 300);
}

export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/**
 * Server-Sent Events framing (WHATWG HTML §9.2): written by hand because it is a few lines and the
 * check must see malformed framing itself rather than have a library hide it.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;

  push(text: string): SseEvent[] {
    this.buffer += text;
    const out: SseEvent[] = [];
    let nl: number;
    while ((nl = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, nl);
      const sepLen = this.buffer.startsWith('\r\n', nl) ? 2 : 1;
      // a lone trailing \r may be the first half of \r\n: wait for more input
      if (this.buffer[nl] === '\r' && sepLen === 1 && nl === this.buffer.length - 1) break;
      this.buffer = this.buffer.slice(nl + sepLen);
      const ev = this.line(line);
      if (ev) out.push(ev);
    }
    return out;
  }

  end(): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.buffer) {
      const ev = this.line(this.buffer);
      this.buffer = '';
      if (ev) out.push(ev);
    }
    // an event not terminated by a blank line is discarded, as browsers do
    return out;
  }

  private line(line: string): SseEvent | null {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return null;
      }
      const ev: SseEvent = { event: this.event || 'message', data: this.data.join('\n'), id: this.id };
      this.data = [];
      this.event = '';
      return ev;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id') this.id = value;
    return null;
  }
}
