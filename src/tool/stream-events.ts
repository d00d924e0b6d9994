// What one SSE event from GET /stream says (docs/tool-format.md#get-streamrun_idid). Two forms:
// the documented {"output_key", "value", "done"}, and the one the original Pixie's tools send, with
// output keys as fields ({"loss_curve": {…}, "done": false}, a final {"done": true}) and "chunk" for
// the text of the one streaming stream_text output. Values are deltas, so their shapes are not checked.
import type { OutputSpec } from '../model/manifest.js';
import { isPlainObject } from '../util/is-plain-object.js';

export interface StreamEvent {
  /** declared outputs this event carries data for */
  mentions: string[];
  /** the outputs this event ends; 'all' for a done event that names no output */
  ends: string[] | 'all';
  problems: string[];
  /** fields that name no output (epoch, loss…), for a hint when no streaming output is ever named */
  otherFields: string[];
}

export function readStreamEvent(data: unknown, outputs: readonly OutputSpec[]): StreamEvent {
  const event: StreamEvent = { mentions: [], ends: [], problems: [], otherFields: [] };
  if (!isPlainObject(data)) {
    event.problems.push('data is not a JSON object');
    return event;
  }
  const declared = new Set(outputs.map((o) => o.key));
  const done = data.done;
  if ('output_key' in data) {
    const key = data.output_key;
    if (typeof done !== 'boolean') event.problems.push('"done" must be true or false');
    if (!('value' in data)) event.problems.push('has no "value"');
    if (key === undefined || key === null) {
      if (done === true) event.ends = 'all';
    } else if (typeof key !== 'string' || !declared.has(key)) {
      event.problems.push(`output_key ${JSON.stringify(key)} is not a declared output`);
    } else {
      event.mentions.push(key);
      if (done === true) event.ends = [key];
    }
    return event;
  }
  if (done !== undefined && typeof done !== 'boolean') event.problems.push('"done" must be true or false');
  const streamedText = outputs.filter((o) => o.streaming && o.type === 'stream_text').map((o) => o.key);
  for (const field of Object.keys(data)) {
    if (field === 'done') continue;
    if (declared.has(field)) event.mentions.push(field);
    else if (field === 'chunk' && streamedText.length === 1) event.mentions.push(streamedText[0]!);
    else if (field === 'chunk' && streamedText.length > 1)
      event.problems.push(
        `"chunk" does not say which streaming text output it belongs to (${streamedText.join(', ')}); send {"output_key", "value", "done"} instead`,
      );
    else event.otherFields.push(field);
  }
  if (done === true) event.ends = 'all';
  return event;
}
