// --shard for a single tool: its fixtures are split across machines the same way tools are.
import path from 'node:path';
import { uniformReport } from '../checks/index.js';
import type { Report } from '../model/report.js';
import { listFixtureFiles } from '../reference/load.js';
import { selectFixtures } from '../reference/select.js';
import { loadManifest } from '../tool/manifest.js';
import { durationsFrom, readReports, shardItems, type ShardSpec } from './shard.js';

/** The fixture files of this shard (after the user's own --fixture selection) and how many there were to split. */
export function shardFixtures(
  toolDir: string,
  spec: ShardSpec,
  opts: { fixture?: string[]; durations?: string },
): { files: string[]; candidates: number } {
  const files = listFixtureFiles(path.join(toolDir, 'reference')).map((file) => ({ file, tags: [] as string[] }));
  const chosen = opts.fixture?.length ? selectFixtures(files, { fixture: opts.fixture }).selected : files;
  let past: Map<string, number> | undefined;
  if (opts.durations) past = durationsFrom(readReports(opts.durations)).fixtures.get(path.basename(toolDir));
  return { files: shardItems(chosen, (f) => f.file, spec, past).map((f) => f.file), candidates: chosen.length };
}

/** The report of a shard that holds none of a tool's fixtures: nothing was started. */
export function emptyShardReport(toolDir: string, spec: ShardSpec, options: Report['options']): Report {
  const why = `skipped: shard ${spec.index}/${spec.total} holds none of this tool's fixtures`;
  return uniformReport({ id: toolIdOf(toolDir), path: toolDir }, 'skip', why, options ? { options } : {});
}

function toolIdOf(toolDir: string): string {
  const load = loadManifest(toolDir);
  return load.ok && typeof load.manifest.id === 'string' && load.manifest.id
    ? load.manifest.id
    : path.basename(toolDir);
}
