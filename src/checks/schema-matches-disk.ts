import { deepCompare } from '../comparators/kit/deep-compare.js';
import { ToolHttpError } from '../tool/client.js';
import { depthProblem } from '../tool/value-depth.js';
import type { Check } from './types.js';

const MAX_LISTED = 20;

function show(v: unknown): string {
  const text = JSON.stringify(v);
  return text === undefined ? '(absent)' : text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

export const schemaMatchesDisk: Check = {
  name: 'schema_matches_disk',
  phase: 'contract',
  requires: ['tool_spawns'],
  async run({ state }) {
    let live: unknown;
    try {
      const res = await state.tool!.client.get('/schema', 5000);
      if (res.status !== 200)
        return { status: 'fail', message: `GET /schema returned HTTP ${res.status}`, details: res.text.slice(0, 2000) };
      try {
        live = JSON.parse(res.text);
      } catch (err) {
        return {
          status: 'fail',
          message: `GET /schema did not return JSON: ${(err as Error).message}`,
          details: res.text.slice(0, 2000),
        };
      }
    } catch (err) {
      if (err instanceof ToolHttpError) return { status: 'fail', message: `could not fetch /schema: ${err.message}` };
      throw err;
    }
    const deep = depthProblem(live, 'the GET /schema response');
    if (deep) return { status: 'fail', message: deep };
    // JSON values, not texts: key order, spacing and 1 vs 1.0 are not drift
    const diffs = deepCompare(state.rawManifest, live, '');
    if (diffs.length === 0) return { status: 'pass', message: 'GET /schema matches tool.json' };
    const lines = diffs.slice(0, MAX_LISTED).map(
      (d) =>
        `/${d.path
          .replace(/\./g, '/')
          .replace(/\[(\d+)\]/g, '/$1')
          .replace(/^\//, '')}: disk = ${show(d.expected)}, live = ${show(d.actual)}`,
    );
    if (diffs.length > MAX_LISTED) lines.push(`... and ${diffs.length - MAX_LISTED} more`);
    return {
      status: 'fail',
      message: `schema drift: ${diffs.length} field(s) differ between tool.json and GET /schema (first: ${lines[0]})`,
      details: lines.join('\n'),
    };
  },
};
