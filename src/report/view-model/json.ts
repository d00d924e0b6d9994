// Any other value (key-value lists, maps, trees, …): a line diff of both values as pretty JSON.
import type { OutputComparison } from '../../model/report.js';
import { diffBody, type LinesBody } from './lines.js';
import { displayJson } from './values.js';

export type JsonBody = Omit<LinesBody, 'kind'> & { kind: 'json' };

const MAX_JSON_CHARS = 200_000;

export function jsonBody(o: OutputComparison): JsonBody {
  if (o.expected === undefined && o.actual === undefined)
    return { kind: 'json', items: [], hiddenItems: 0, noLineDiffers: true };
  return { ...diffBody(displayJson(o.expected, MAX_JSON_CHARS), displayJson(o.actual, MAX_JSON_CHARS)), kind: 'json' };
}
