// Which tools a CI run validates: --changed, then --shard, over the discovered tool folders.
import path from 'node:path';
import type { ToolSelection } from '../model/options.js';
import { changedTools } from './changed.js';
import { durationsFrom, parseShard, readReports, shardItems } from './shard.js';

/** --changed then --shard over the discovered tool folders; notes say what was chosen, for stderr. */
export function selectToolDirs(
  dirs: string[],
  toolsDir: string,
  opts: ToolSelection,
): { dirs: string[]; notes: string[] } {
  const notes: string[] = [];
  let selected = dirs;
  if (opts.changed) {
    const ref = typeof opts.changed === 'string' ? opts.changed : undefined;
    const c = changedTools(toolsDir, dirs, ref);
    selected = c.tools;
    notes.push(
      c.shared.length
        ? `--changed: ${c.shared.length} shared file(s) in the tools directory changed (${c.shared.slice(0, 3).join(', ')}${c.shared.length > 3 ? ', …' : ''}) since ${c.baseLabel} (${c.base.slice(0, 10)}), so every tool is validated`
        : `--changed: ${selected.length} of ${dirs.length} tool(s) changed since ${c.baseLabel} (${c.base.slice(0, 10)})`,
    );
  }
  if (opts.shard) {
    const spec = parseShard(opts.shard);
    const past = opts.durations ? durationsFrom(readReports(opts.durations)).tools : undefined;
    const before = selected.length;
    selected = shardItems(selected, (d) => path.basename(d), spec, past);
    notes.push(
      `--shard ${spec.index}/${spec.total}: ${selected.length} of ${before} tool(s), split ${past ? `by past duration from ${opts.durations}` : 'by name'}`,
    );
  }
  return { dirs: selected, notes };
}
