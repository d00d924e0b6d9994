// Uploads (file, image, audio): a data URL, URL or path, or a list of them with multiple: true.
// Explore leaves them at their sample value: they declare no shape to vary.
import type { InputSpec } from '../model/manifest.js';
import { describe } from './kit.js';
import type { InputTypeRule } from './rule.js';

/** A 1×1 transparent PNG. */
const SAMPLE_PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** One second of 8 kHz 16-bit mono silence as a WAV data URL. */
function silentWavDataUrl(seconds = 1, sampleRate = 8000): string {
  const samples = seconds * sampleRate;
  const data = samples * 2;
  const buf = Buffer.alloc(44 + data);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + data, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(data, 40);
  return `data:audio/wav;base64,${buf.toString('base64')}`;
}

/** The rule of an upload, named in messages as `what` ("an image"), with check 8's `sample`. */
function uploadRule(what: string, sample: () => string): InputTypeRule {
  return {
    sample,
    check(spec: InputSpec, v: unknown) {
      if (typeof v === 'string')
        return v === '' ? `must be ${what} as a data URL, URL or path, got an empty string` : null;
      if (spec.multiple === true && Array.isArray(v)) {
        const bad = v.findIndex((x) => typeof x !== 'string' || x === '');
        return bad === -1 ? null : `[${bad}] must be ${what} as a data URL, URL or path, got ${describe(v[bad])}`;
      }
      return `must be ${what} as a data URL, URL or path (a string${spec.multiple === true ? ' or a list of strings' : ''}), got ${describe(v)}`;
    },
    explore: () => null,
  };
}

export const fileRule = uploadRule('a file', () => SAMPLE_PNG_DATA_URL);
export const imageRule = uploadRule('an image', () => SAMPLE_PNG_DATA_URL);
export const audioRule = uploadRule('an audio file', () => silentWavDataUrl());
