import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeFor } from '../tool/runtime.js';
import { startTool, type ToolProcess } from '../tool/spawn.js';
import { curlFor, startCommand } from './curl.js';

const TOOL = path.join(import.meta.dirname, '../../test/tools/explore-last-option');
let tool: ToolProcess;

beforeAll(async () => {
  const started = await startTool({ toolDir: TOOL, entrypoint: 'main.js', runtime: runtimeFor(TOOL, 'main.js')! });
  if (!started.ok) throw new Error(started.message);
  tool = started.tool;
});
afterAll(async () => {
  await tool.stop();
});

/** Runs the reproduction as a user pastes it: through a shell, with the tool on $PORT. */
function paste(command: string): string {
  return execFileSync('sh', ['-c', command], { env: { ...process.env, PORT: String(tool.port) }, encoding: 'utf8' });
}

describe('curlFor', () => {
  it('is pure ASCII and, pasted into a shell, sends the failing input to the tool', () => {
    const curl = curlFor({ values: "it's 1 2 — 東京 🚀\n", method: 'mode', scale: 1 });
    expect(curl).toMatch(/^[\x20-\x7e]+$/);
    expect(JSON.parse(paste(curl))).toEqual({ detail: 'no such method: mode' });
  });

  it('reaches the tool with the text exactly as generated (quotes, non-ASCII, newlines)', () => {
    const values = `'single' "double" \\ $HOME \`cmd\` 3 é 🚀\n4`;
    const answer = JSON.parse(paste(curlFor({ values, method: 'mean', scale: 1 })));
    // the tool averages the numbers it finds; 3 and 4 only if every byte arrived intact
    expect(answer).toEqual({ average: 3.5 });
  });

  it('says how to start the tool by hand, with no absolute path', () => {
    expect(startCommand(runtimeFor(TOOL, 'main.js')!, 'main.js')).toBe('node main.js --port 8000');
    expect(startCommand(runtimeFor(TOOL, 'main.ts')!, 'main.ts')).toBe('npx tsx main.ts --port 8000');
    expect(startCommand(runtimeFor(TOOL, 'main.py')!, 'main.py')).toBe('python3 main.py --port 8000');
  });
});
