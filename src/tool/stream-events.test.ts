import { describe, expect, it } from 'vitest';
import type { OutputSpec } from '../model/manifest.js';
import { readStreamEvent } from './stream-events.js';

const outputs: OutputSpec[] = [
  { key: 'loss_curve', type: 'chart_line', label: 'Loss', streaming: true },
  { key: 'accuracy_curve', type: 'chart_line', label: 'Accuracy', streaming: true },
  { key: 'reply', type: 'stream_text', label: 'Reply', streaming: true },
  { key: 'final_metrics', type: 'kv', label: 'Final' },
];

describe('readStreamEvent', () => {
  it('reads the documented form', () => {
    expect(readStreamEvent({ output_key: 'reply', value: 'He', done: false }, outputs)).toEqual({
      mentions: ['reply'],
      ends: [],
      problems: [],
      otherFields: [],
    });
    expect(readStreamEvent({ output_key: 'reply', value: '', done: true }, outputs).ends).toEqual(['reply']);
    expect(readStreamEvent({ output_key: null, value: null, done: true }, outputs).ends).toBe('all');
  });

  it('holds the documented form to its fields', () => {
    expect(readStreamEvent({ output_key: 'reply', done: 'yes' }, outputs).problems).toEqual([
      '"done" must be true or false',
      'has no "value"',
    ]);
    expect(readStreamEvent({ output_key: 'replies', value: 1, done: false }, outputs).problems).toEqual([
      'output_key "replies" is not a declared output',
    ]);
  });

  it("reads the original Pixie's form: output keys as fields, extra fields allowed, a bare done ends everything", () => {
    expect(
      readStreamEvent(
        { epoch: 3, loss_curve: { x: 3, y: 0.4, val_y: 0.5 }, accuracy_curve: { x: 3, y: 0.8 }, done: false },
        outputs,
      ),
    ).toEqual({ mentions: ['loss_curve', 'accuracy_curve'], ends: [], problems: [], otherFields: ['epoch'] });
    expect(readStreamEvent({ done: true, final_metrics: { pairs: { epochs: 5 } } }, outputs)).toEqual({
      mentions: ['final_metrics'],
      ends: 'all',
      problems: [],
      otherFields: [],
    });
    expect(readStreamEvent({ done: true }, outputs)).toEqual({
      mentions: [],
      ends: 'all',
      problems: [],
      otherFields: [],
    });
  });

  it('"chunk" is the text of the one streaming stream_text output', () => {
    expect(readStreamEvent({ chunk: 'Hel', done: false }, outputs).mentions).toEqual(['reply']);
    const two: OutputSpec[] = [...outputs, { key: 'notes', type: 'stream_text', label: 'Notes', streaming: true }];
    expect(readStreamEvent({ chunk: 'Hel', done: false }, two).problems).toEqual([
      '"chunk" does not say which streaming text output it belongs to (reply, notes); send {"output_key", "value", "done"} instead',
    ]);
    const none = outputs.filter((o) => o.key !== 'reply');
    expect(readStreamEvent({ chunk: 'Hel', done: false }, none)).toMatchObject({
      mentions: [],
      otherFields: ['chunk'],
    });
  });

  it('refuses data that is not an object and a done that is not a boolean', () => {
    expect(readStreamEvent([1], outputs).problems).toEqual(['data is not a JSON object']);
    expect(readStreamEvent({ loss_curve: {}, done: 'no' }, outputs).problems).toEqual(['"done" must be true or false']);
  });
});
