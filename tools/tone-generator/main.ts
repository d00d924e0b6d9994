// tone-generator: a short tone as a 16-bit PCM mono WAV, written by hand (no audio library).
//
// Sample n of N = round(duration · sample_rate) has phase φ = frac(frequency · n / sample_rate)
// and value A · w(φ), where
//   sine      w(φ) = sin(2πφ)
//   square    w(φ) = +1 for φ < 0.5, −1 otherwise
//   triangle  w(φ) = 1 − 4·|frac(φ + 1/4) − 1/2|   (0 at φ = 0, +1 at 1/4, −1 at 3/4, like sine)
// quantised to 16 bits as round(32767 · A · w(φ)), halves rounded away from zero so + and − match.
// RMS is measured on the quantised samples, as a fraction of full scale (32767).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';

const here = fileURLToPath(new URL('.', import.meta.url));
const manifest = JSON.parse(readFileSync(`${here}tool.json`, 'utf8'));

class InputError extends Error {}

const FULL_SCALE = 32767;
const SAMPLE_RATES = [8000, 22050, 44100];
const WAVEFORMS = {
  sine: (phase: number) => Math.sin(2 * Math.PI * phase),
  square: (phase: number) => (phase < 0.5 ? 1 : -1),
  triangle: (phase: number) => 1 - 4 * Math.abs(((phase + 0.25) % 1) - 0.5),
} as const;

function numberInput(inputs: Record<string, unknown>, key: string, min: number, max: number): number {
  const raw = inputs[key];
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new InputError(`${key} must be a number from ${min} to ${max}`);
  }
  return value;
}

const roundHalfAway = (x: number) => Math.sign(x) * Math.round(Math.abs(x));
const round = (x: number, dp: number) => Math.round(x * 10 ** dp) / 10 ** dp;

/** A canonical 44-byte RIFF/WAVE header followed by little-endian 16-bit samples. */
function wav(samples: Int16Array, sampleRate: number): Buffer {
  const dataBytes = samples.length * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4); // size of everything after this field
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size for PCM
  buf.writeUInt16LE(1, 20); // audio format 1 = PCM
  buf.writeUInt16LE(1, 22); // channels: mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28); // byte rate = rate · channels · 2 bytes
  buf.writeUInt16LE(2, 32); // block align = channels · 2 bytes
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i++) buf.writeInt16LE(samples[i], 44 + 2 * i);
  return buf;
}

export function compute(inputs: Record<string, unknown>) {
  const sampleRate = Number(inputs.sample_rate);
  if (!SAMPLE_RATES.includes(sampleRate)) throw new InputError(`sample_rate must be one of ${SAMPLE_RATES.join(', ')}`);
  const frequency = numberInput(inputs, 'frequency', 20, 3999);
  if (frequency >= sampleRate / 2)
    throw new InputError(`frequency must be below ${sampleRate / 2} Hz (half the sample rate)`);
  const duration = numberInput(inputs, 'duration', 0.05, 2);
  const amplitude = numberInput(inputs, 'amplitude', 0, 1);
  const waveform = inputs.waveform as keyof typeof WAVEFORMS;
  if (typeof waveform !== 'string' || !Object.hasOwn(WAVEFORMS, waveform))
    throw new InputError('waveform must be sine, square or triangle');
  const shape = WAVEFORMS[waveform];

  const count = Math.round(duration * sampleRate);
  const samples = new Int16Array(count);
  let sumSquares = 0;
  let peak = 0;
  for (let n = 0; n < count; n++) {
    const cycles = (frequency * n) / sampleRate;
    const s = roundHalfAway(FULL_SCALE * amplitude * shape(cycles - Math.floor(cycles)));
    samples[n] = s;
    sumSquares += s * s;
    peak = Math.max(peak, Math.abs(s));
  }
  const rms = Math.sqrt(sumSquares / count) / FULL_SCALE;
  const file = wav(samples, sampleRate);

  // Plot two periods (at least 1 ms, at most 20 ms, never more than the tone itself).
  const windowMs = Math.min(Math.max(2000 / frequency, 1), 20, duration * 1000);
  const shown = Math.min(count, Math.round((windowMs * sampleRate) / 1000));
  const x: number[] = [];
  const y: number[] = [];
  for (let n = 0; n < shown; n++) {
    x.push(round((n * 1000) / sampleRate, 6));
    y.push(round(samples[n] / FULL_SCALE, 4));
  }

  return {
    audio: { value: `data:audio/wav;base64,${file.toString('base64')}` },
    waveform_plot: { x, series: [{ name: waveform, y }], x_label: 'Time (ms)', y_label: 'Amplitude' },
    rms: round(rms, 6),
    details: {
      pairs: [
        { key: 'samples', value: count },
        { key: 'wav_bytes', value: file.length },
        { key: 'peak', value: round(peak / FULL_SCALE, 6) },
        { key: 'cycles', value: round((frequency * count) / sampleRate, 6) },
      ],
    },
  };
}

// ---- HTTP contract (pixie's docs/tool-format.md) ----

const app = new Hono();
app.get('/healthz', (c) => c.json({ status: 'ok' }));
app.get('/schema', (c) => c.json(manifest));
app.post('/run', async (c) => {
  let body: Record<string, unknown>;
  try {
    body = await c.req.json();
  } catch {
    return c.json({ detail: 'request body must be JSON' }, 422);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return c.json({ detail: 'request body must be a JSON object' }, 422);
  // Newer clients send {"inputs": {...}}; older ones copy inputs to the top level as well.
  const given =
    body.inputs && typeof body.inputs === 'object' && !Array.isArray(body.inputs)
      ? (body.inputs as Record<string, unknown>)
      : body;
  const inputs: Record<string, unknown> = {};
  for (const spec of manifest.inputs) inputs[spec.key] = given[spec.key] ?? body[spec.key] ?? spec.default;
  try {
    return c.json(compute(inputs));
  } catch (err) {
    if (err instanceof InputError) return c.json({ detail: err.message }, 422);
    throw err;
  }
});

function portFromArgs(): number {
  const i = process.argv.indexOf('--port');
  const raw = i >= 0 ? process.argv[i + 1] : process.env.PORT;
  const port = Number(raw ?? 8000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    console.error(`invalid port: ${raw}`);
    process.exit(2);
  }
  return port;
}

const server = serve({ fetch: app.fetch, port: portFromArgs(), hostname: '127.0.0.1' }, (info) => {
  console.log(`tone-generator listening on http://127.0.0.1:${info.port}`);
});

function shutdown() {
  server.close(() => process.exit(0));
  // Drop keep-alive connections so close() finishes now, and never linger past half a second.
  (server as import('node:http').Server).closeAllConnections?.();
  setTimeout(() => process.exit(0), 500).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
