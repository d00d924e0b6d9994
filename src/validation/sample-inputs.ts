// Sample inputs for check 8 (docs/checks.md, check 8): one plausible value per declared input,
// built only from the manifest.
import type { InputSpec, Manifest } from '../model/manifest.js';
import { setOwn } from '../util/own.js';

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

const CHAT_SAMPLE = {
  messages: [{ role: 'user', content: 'Validation probe message' }],
  history: [],
};

const FIXED_DATE = '2026-01-01';

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function midpoint(spec: InputSpec): number {
  const min = num(spec.min);
  const max = num(spec.max);
  let value = min !== undefined && max !== undefined ? (min + max) / 2 : (min ?? max ?? 0);
  // keep the value on the step grid so tools that check integers or increments accept it
  const step = num(spec.step);
  if (step && step > 0) {
    const base = min ?? 0;
    value = base + Math.round((value - base) / step) * step;
    if (max !== undefined && value > max) value -= step;
    value = Number(value.toFixed(10));
  }
  return value;
}

function dateWithin(spec: InputSpec): string {
  const min = typeof spec.min === 'string' ? spec.min : undefined;
  const max = typeof spec.max === 'string' ? spec.max : undefined;
  if (min && FIXED_DATE < min) return min;
  if (max && FIXED_DATE > max) return max;
  return FIXED_DATE;
}

function centre(spec: InputSpec): [number, number] {
  const c = spec.default_center;
  return Array.isArray(c) && c.length >= 2 ? [Number(c[0]), Number(c[1])] : [0, 0];
}

function sampleCell(type: string): unknown {
  if (/num|int|float|decimal|currency/i.test(type)) return 1;
  if (/bool|check/i.test(type)) return false;
  if (/date/i.test(type)) return FIXED_DATE;
  return 'sample';
}

/** The value for one input, or `undefined` to leave the input out. */
function sampleFor(spec: InputSpec): unknown {
  if (spec.default !== undefined && spec.default !== null) return spec.default;
  if (spec.required === false) return undefined;
  switch (spec.type) {
    case 'text':
    case 'textarea':
    case 'code':
    case 'markdown':
    case 'autocomplete':
      return '';
    case 'number':
      return midpoint(spec);
    case 'slider': {
      const min = num(spec.min) ?? 0;
      const max = num(spec.max) ?? min;
      return spec.range ? [min, max] : midpoint(spec);
    }
    case 'select':
    case 'radio':
      return spec.options?.[0]?.value ?? null;
    case 'multiselect':
    case 'tags':
      return [];
    case 'table': {
      const rows = Math.max(0, num(spec.min_rows) ?? 0);
      return Array.from({ length: rows }, () =>
        Object.fromEntries((spec.columns ?? []).map((c) => [c.key, sampleCell(c.type)])),
      );
    }
    case 'checkbox':
    case 'toggle':
      return false;
    case 'date':
      return dateWithin(spec);
    case 'time':
      return '12:00';
    case 'datetime':
      return `${FIXED_DATE}T12:00:00`;
    case 'date_range':
      return [FIXED_DATE, '2026-01-08'];
    case 'file':
    case 'image':
      return SAMPLE_PNG_DATA_URL;
    case 'audio':
      return silentWavDataUrl();
    case 'colour':
      return '#000000';
    case 'json':
      return {};
    case 'map_point':
      return centre(spec);
    case 'map_bbox': {
      const [a, b] = centre(spec);
      return [a - 0.01, b - 0.01, a + 0.01, b + 0.01];
    }
    case 'map_polygon': {
      const [a, b] = centre(spec);
      // a closed triangle around the centre: a one-vertex "polygon" is not a polygon
      return [
        [a, b],
        [a + 0.01, b],
        [a, b + 0.01],
        [a, b],
      ];
    }
    case 'map_multipoint':
      return [centre(spec)];
    case 'hidden':
      return undefined;
    default:
      return undefined;
  }
}

export function buildSampleInputs(manifest: Manifest): Record<string, unknown> {
  if (manifest.layout === 'chat') return { ...CHAT_SAMPLE };
  const inputs: Record<string, unknown> = {};
  for (const spec of manifest.inputs ?? []) {
    const value = sampleFor(spec);
    if (value !== undefined) setOwn(inputs, spec.key, value);
  }
  return inputs;
}

/** The /run body: run_id, inputs, and each input copied to the top level for older tools. */
export function runBody(runId: string, inputs: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(inputs)) if (k !== 'run_id' && k !== 'inputs') body[k] = v;
  body.run_id = runId;
  body.inputs = inputs;
  return body;
}
