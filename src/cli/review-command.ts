// `pixie review` (docs/cli.md): pending changes one at a time, each with a diff for its type (a new
// expectation, for a fixture that asserted no outputs, with the value it would write), and one key
// to decide it — accept, reject, skip, or accept every remaining change of the fixture.
// Each decision is written at once (under the tool's update lock), so quitting keeps what was decided.
// Keys are read raw on a terminal, else one per line (so scripts can pipe them in).
import { createInterface } from 'node:readline';
import { colorsFor } from '../report/colors.js';
import { safeLine, safeText } from '../report/safe-text.js';
import { terminalDiff } from '../report/terminal-diff.js';
import { type DecideCliOptions, decidable } from './accept-command.js';
import { terminalImage } from './terminal-image.js';
import { acceptChanges, type Change, rejectChanges } from '../workflows/decide-changes.js';

interface Keys {
  /** the next key, or null when input ended */
  next(): Promise<string | null>;
  close(): void;
}

function keyReader(input: NodeJS.ReadStream): Keys {
  const queue: (string | null)[] = [];
  let wake: (() => void) | null = null;
  const push = (k: string | null) => {
    queue.push(k);
    wake?.();
  };
  let close: () => void;
  if (input.isTTY) {
    input.setRawMode(true);
    const onData = (b: Buffer) => {
      for (const ch of b.toString('utf8')) push(ch === '\u0003' || ch === '\u0004' ? 'q' : ch);
    };
    input.on('data', onData);
    input.on('end', () => push(null));
    input.resume();
    close = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
    };
  } else {
    const lines = createInterface({ input });
    lines.on('line', (l) => push(l.trim().charAt(0)));
    lines.on('close', () => push(null));
    close = () => lines.close();
  }
  return {
    async next() {
      while (queue.length === 0) await new Promise<void>((r) => (wake = r));
      wake = null;
      return queue.shift()!;
    },
    close: () => close(),
  };
}

export async function reviewCommand(target: string | undefined, opts: DecideCliOptions): Promise<number> {
  const out = process.stdout;
  const c = colorsFor(out);
  const d = decidable(target, opts, 'review');
  const write = (lines: string[]) => out.write(`${lines.join('\n')}\n`);
  const keys = keyReader(process.stdin);
  const decided = new Set<Change>();
  const tally = { accepted: 0, rejected: 0, failed: 0 };
  const rows = Math.max(20, out.rows ?? 40);
  const accept = (changes: Change[]) => {
    const result = acceptChanges(d.toolDir, d.manifest, changes, `pixie review ${d.toolId}`, d.toolRef);
    for (const ch of changes) decided.add(ch);
    if (result.ok) {
      tally.accepted += changes.length;
      write([
        c.green(
          `accepted ${changes.map((ch) => safeLine(ch.output)).join(', ')}: wrote ${result.written.map((w) => `reference/${safeLine(w)}`).join(', ')}`,
        ),
      ]);
    } else {
      tally.failed += changes.length;
      write(result.problems.map((p) => `${c.red('cannot accept:')} ${safeText(p)}`));
    }
  };
  try {
    const total = d.changes.length;
    for (let i = 0; i < total; i++) {
      const ch = d.changes[i]!;
      if (decided.has(ch)) continue;
      write([
        '',
        ch.added
          ? `${c.bold(`[${i + 1}/${total}]`)} ${safeLine(d.toolId)} · reference/${safeText(ch.fixture, true)} · ${c.green('new expectation')} for output ${c.bold(safeText(ch.output, true))} ${c.dim(`(${ch.type}; the fixture asserts no value for it yet)`)}`
          : `${c.bold(`[${i + 1}/${total}]`)} ${safeLine(d.toolId)} · reference/${safeText(ch.fixture, true)} · output ${c.bold(safeText(ch.output, true))} ${c.dim(`(${ch.type}, ${ch.comparison.comparator})`)}`,
        ...terminalDiff(ch.comparison, c, { maxLines: rows - 12, files: ch.media }),
      ]);
      const preview = ch.media?.diffs?.[0] ?? ch.media?.actual;
      const image = preview ? terminalImage(preview) : null;
      if (image) out.write(`${image}\n`);
      const rest = d.changes.slice(i).filter((x) => x.fixture === ch.fixture && !decided.has(x));
      out.write(
        `${c.cyan('a')} accept · ${c.cyan('r')} reject · ${c.cyan('s')} skip · ${c.cyan('f')} accept the ${rest.length} remaining of ${safeText(ch.fixture, true)} · ${c.cyan('q')} quit › `,
      );
      let key: string | null;
      for (;;) {
        key = await keys.next();
        if (key === null || 'arsfq'.includes(key)) break;
      }
      out.write(`${key ?? ''}\n`);
      if (key === null || key === 'q') break;
      if (key === 'a') accept([ch]);
      else if (key === 'f') accept(rest);
      else if (key === 'r') {
        decided.add(ch);
        if (d.source.kind === 'report')
          write([c.dim('a report holds no pending result to forget; the fixture is unchanged')]);
        else rejectChanges([ch]);
        tally.rejected++;
        write([
          c.yellow(
            `rejected ${ch.added ? 'the new expectation for ' : ''}${safeText(ch.output, true)}; reference/${safeText(ch.fixture, true)} is unchanged`,
          ),
        ]);
      } else {
        write([c.dim('skipped; it stays pending')]);
      }
    }
  } finally {
    keys.close();
  }
  const left = d.changes.filter((ch) => !decided.has(ch)).length;
  const fresh = d.changes.filter((ch) => ch.added).length;
  write([
    '',
    `review of ${safeLine(d.toolId)}: ${tally.accepted} accepted, ${tally.rejected} rejected, ${left} left pending${tally.failed ? `, ${tally.failed} could not be accepted` : ''}${fresh ? ` (of ${d.changes.length} change(s), ${fresh} new expectation(s))` : ''}`,
  ]);
  return tally.failed ? 1 : 0;
}
