// A single-tool run as it happens: each check and each fixture on its own line as it finishes, and
// the check now running on a line that the next one replaces, so a slow start-up is not 30 s of
// silence. Only on an interactive terminal (stderr), never with --json or in CI logs; the report
// follows as usual.
import { type Colors, paintStatus } from '../report/colors.js';
import { safeText } from '../report/safe-text.js';
import type { ProgressEvent } from '../model/options.js';

const MARK: Record<string, string> = { pass: '✓', warn: '!', fail: '✗', skip: '-' };

export interface LiveProgress {
  onProgress(event: ProgressEvent): void;
  /** clears the line of the check in progress */
  stop(): void;
}

export function liveProgress(
  stream: Pick<NodeJS.WriteStream, 'write' | 'isTTY' | 'columns'>,
  c: Colors,
  env: NodeJS.ProcessEnv = process.env,
): LiveProgress | null {
  if (!stream.isTTY || env.CI) return null;
  let transient = false;
  const width = () => Math.max(40, (stream.columns ?? 100) - 1);
  // cut plain text before it is coloured, so no escape sequence is cut in half
  const shorten = (text: string, used = 0) => {
    const room = Math.max(10, width() - used);
    return text.length > room ? `${text.slice(0, room - 1)}…` : text;
  };
  const clear = () => {
    if (transient) stream.write('\r\x1b[K');
    transient = false;
  };
  const line = (text: string) => {
    clear();
    stream.write(`${text}\n`);
  };
  return {
    onProgress(e) {
      const status = e.status ?? '';
      const mark = paintStatus(c, status as 'pass', MARK[status] ?? '·');
      if (e.kind === 'check-start') {
        clear();
        stream.write(c.dim(shorten(`  … ${e.number} ${e.name}`)));
        transient = true;
      } else if (e.kind === 'check-end') {
        const head = `${String(e.number).padStart(2)} ${e.name}`;
        const message = status === 'pass' ? '' : `  ${safeText(e.message ?? '', true)}`;
        line(`  ${mark} ${head}${c.dim(shorten(message, head.length + 4))}`);
      } else if (e.kind === 'fixture-end') {
        const head = shorten(safeText(e.file ?? '', true), 9);
        const message = status === 'pass' ? '' : `: ${safeText(e.message ?? '', true)}`;
        line(`       ${mark} ${head}${shorten(message, head.length + 9)}`);
      } else if (e.kind === 'fixtures-total') {
        clear();
        stream.write(c.dim(shorten(`  … ${e.total} fixture(s)`)));
        transient = true;
      }
    },
    stop: clear,
  };
}
