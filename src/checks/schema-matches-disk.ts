import { deepCompare } from '../comparators/kit/deep-compare.js';
import { ToolHttpError } from '../tool/client.js';
import { depthProblem } from '../tool/value-depth.js';
import type { MessageTable } from '../util/message-table.js';
import { asDoubles } from '../util/as-doubles.js';
import { parseJson, stringifyJson } from '../util/python-json.js';
import type { Check } from './types.js';

const MAX_LISTED = 20;

function show(v: unknown): string {
  const text = stringifyJson(v);
  return text === undefined ? messages.absent() : text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

const messages = {
  httpStatus: (status: number) => `GET /schema returned HTTP ${status}`,
  notJson: (error: string) => `GET /schema did not return JSON: ${error}`,
  cannotFetch: (error: string) => `could not fetch /schema: ${error}`,
  matches: () => 'GET /schema matches tool.json',
  absent: () => '(absent)',
  /** `pointer` is the field's JSON pointer; the values are shown short */
  differs: (pointer: string, disk: unknown, live: unknown) => `${pointer}: disk = ${show(disk)}, live = ${show(live)}`,
  more: (n: number) => `... and ${n} more`,
  drift: (n: number, first: string | undefined) =>
    `schema drift: ${n} field(s) differ between tool.json and GET /schema (first: ${first})`,
} satisfies MessageTable;

export const schemaMatchesDisk: Check = {
  name: 'schema_matches_disk',
  phase: 'contract',
  requires: ['tool_spawns'],
  messages,
  async run({ state }) {
    let live: unknown;
    try {
      const res = await state.tool!.client.get('/schema', 5000);
      if (res.status !== 200)
        return { status: 'fail', message: messages.httpStatus(res.status), details: res.text.slice(0, 2000) };
      try {
        // read as tool.json is read (tool/manifest.ts), so a long integer is the same on both sides
        live = asDoubles(parseJson(res.text));
      } catch (err) {
        return {
          status: 'fail',
          message: messages.notJson((err as Error).message),
          details: res.text.slice(0, 2000),
        };
      }
    } catch (err) {
      if (err instanceof ToolHttpError) return { status: 'fail', message: messages.cannotFetch(err.message) };
      throw err;
    }
    const deep = depthProblem(live, 'the GET /schema response');
    if (deep) return { status: 'fail', message: deep };
    // JSON values, not texts: key order, spacing and 1 vs 1.0 are not drift
    const diffs = deepCompare(state.rawManifest, live, '');
    if (diffs.length === 0) return { status: 'pass', message: messages.matches() };
    const lines = diffs.slice(0, MAX_LISTED).map((d) =>
      messages.differs(
        `/${d.path
          .replace(/\./g, '/')
          .replace(/\[(\d+)\]/g, '/$1')
          .replace(/^\//, '')}`,
        d.expected,
        d.actual,
      ),
    );
    if (diffs.length > MAX_LISTED) lines.push(messages.more(diffs.length - MAX_LISTED));
    return {
      status: 'fail',
      message: messages.drift(diffs.length, lines[0]),
      details: lines.join('\n'),
    };
  },
};
