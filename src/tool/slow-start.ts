// The sentence for a tool that did not answer /healthz in time (docs/checks.md, check 6). It says
// whether the process is still alive and what the last poll saw, because "raise the timeout" and
// "listen on the right port" are different fixes.
import { ToolHttpError } from './client.js';

/** What the last /healthz poll saw. */
export type HealthPoll = { kind: 'status'; status: number } | { kind: 'refused' } | { kind: 'no-answer' } | null;

export function healthPollOf(result: { status: number } | unknown): HealthPoll {
  if (result instanceof ToolHttpError)
    return result.kind === 'connection' ? { kind: 'refused' } : { kind: 'no-answer' };
  if (result && typeof result === 'object' && 'status' in result && typeof result.status === 'number')
    return { kind: 'status', status: result.status };
  return { kind: 'no-answer' };
}

export function slowStart(seconds: number, port: number, last: HealthPoll): { message: string; details: string } {
  const raise = `if it needs longer to start (loading a model, warming a cache), raise "startup_timeout_seconds" in tool.json (or pass --startup-timeout ${Math.ceil(seconds * 2)})`;
  const seen =
    last?.kind === 'status'
      ? `it listens on port ${port}, but /healthz answered HTTP ${last.status}, not 200`
      : last?.kind === 'no-answer'
        ? `it accepted connections on port ${port}, but /healthz never answered`
        : `nothing listens on 127.0.0.1:${port} yet`;
  const fix =
    last?.kind === 'status' || last?.kind === 'no-answer'
      ? `make GET /healthz answer 200 once the tool is ready; ${raise}`
      : `${raise}; otherwise check that it binds 127.0.0.1 at the port given by --port / PORT (${port})`;
  return {
    message: `/healthz did not answer 200 within ${seconds} s; the process is still running: ${seen}`,
    details: fix,
  };
}
