// A failing input as a command to paste into a shell, against the tool started by hand. The body
// is the /run body pixie sent, as pure ASCII JSON (every other character \u-escaped), so no
// terminal or clipboard can change it and no control character reaches the screen.
import path from 'node:path';
import type { Runtime } from '../tool/runtime.js';
import { runBody } from '../inputs/run-body.js';

const DEFAULT_PORT = 8000;

function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Single-quoted for POSIX shells: a ' inside becomes '\'' . */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlFor(inputs: Record<string, unknown>): string {
  const body = asciiJson(runBody('explore', inputs));
  return `curl -sS -X POST "http://127.0.0.1:\${PORT:-${DEFAULT_PORT}}/run" -H 'Content-Type: application/json' --data-binary ${shellQuote(body)}`;
}

/** How to start the tool by hand for the curl, from the tool folder. */
export function startCommand(runtime: Runtime, entrypoint: string): string {
  const file = entrypoint.split(path.sep).join('/');
  const program =
    runtime.kind === 'python'
      ? runtime.command === 'python3'
        ? 'python3'
        : runtime.label
      : runtime.preArgs.length
        ? 'npx tsx'
        : 'node';
  return `${program} ${file} --port ${DEFAULT_PORT}`;
}
