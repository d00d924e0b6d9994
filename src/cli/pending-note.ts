// What a run says about the pending results it recorded (on stderr, after the report): where they
// are, how to review them, and the diff image of each failing media output.
import type { Recorded } from '../workflows/validate-tool.js';
import type { Colors } from '../report/colors.js';
import { shortPath } from '../util/short-path.js';
import { safeLine } from '../report/safe-text.js';

export function pendingNote(recorded: Recorded, c: Colors): string[] {
  const lines: string[] = [];
  // the tool's name and the paths are the repository's text: printed escaped, as messages are
  const tool = safeLine(recorded.ref);
  if (recorded.count)
    lines.push(
      `pixie: ${recorded.count} pending change(s) in ${safeLine(shortPath(recorded.root))}; review them with ${c.bold(`pixie review ${tool}`)}, or pixie accept ${tool}`,
    );
  for (const file of recorded.diffImages) lines.push(`pixie: diff image: ${safeLine(shortPath(file))}`);
  for (const p of recorded.problems) lines.push(`pixie: warning: pending results: ${safeLine(p)}`);
  return lines;
}
