import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { liveProgress } from './live-progress.js';

const plain = pc.createColors(false);

function terminal(isTTY: boolean) {
  let text = '';
  const write = (s: string) => {
    text += s;
    return true;
  };
  return { stream: { isTTY, columns: 80, write }, text: () => text };
}

describe('liveProgress', () => {
  it('prints each check and fixture as it finishes, replacing the line of the one running', () => {
    const t = terminal(true);
    const live = liveProgress(t.stream, plain, {})!;
    live.onProgress({ kind: 'check-start', tool_id: 't', number: 6, name: 'tool_spawns' });
    live.onProgress({ kind: 'check-end', tool_id: 't', number: 6, name: 'tool_spawns', status: 'pass', message: 'ok' });
    live.onProgress({
      kind: 'fixture-end',
      tool_id: 't',
      file: 'fixture_a.json',
      status: 'fail',
      message: '1 of 2 output(s) differ',
    });
    live.stop();
    expect(t.text()).toBe(
      '  … 6 tool_spawns\r\u001b[K  ✓  6 tool_spawns\n       ✗ fixture_a.json: 1 of 2 output(s) differ\n',
    );
  });

  it('stays silent off a terminal and in CI', () => {
    expect(liveProgress(terminal(false).stream, plain, {})).toBeNull();
    expect(liveProgress(terminal(true).stream, plain, { CI: 'true' })).toBeNull();
  });
});
