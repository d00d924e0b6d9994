// gradient-image: a linear two-colour gradient rendered to PNG with sharp.
//
// Pixel maths (also in README.md): for a pixel at (x, y) the position along the gradient is
//   horizontal t = x / (w − 1),  vertical t = y / (h − 1),  diagonal t = (x/(w − 1) + y/(h − 1)) / 2
// and each channel is round(start + (end − start) · t), rounding halves up. The statistics come
// from sharp's own stats() of the encoded PNG, so they check the encoding round trip too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import sharp from 'sharp';

const here = fileURLToPath(new URL('.', import.meta.url));
const manifest = JSON.parse(readFileSync(`${here}tool.json`, 'utf8'));

// Same output on every run: no cache between runs, one thread.
sharp.cache(false);
sharp.concurrency(1);

class InputError extends Error {}
type RGB = [number, number, number];

function intInput(inputs: Record<string, unknown>, key: string, min: number, max: number): number {
  const raw = inputs[key];
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InputError(`${key} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function colourInput(inputs: Record<string, unknown>, key: string): RGB {
  const raw = inputs[key];
  const m = typeof raw === 'string' ? /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(raw.trim()) : null;
  if (!m) throw new InputError(`${key} must be a hex colour such as #1e3a8a`);
  const hex = m[1].length === 3 ? [...m[1]].map((ch) => ch + ch).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as RGB;
}

const hexOf = (c: RGB) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const mix = (a: RGB, b: RGB, t: number): RGB => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as RGB;
// Rec. 709 luma weights (they sum to 1, so a grey g has luminance g).
const luminance = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const round = (x: number, dp: number) => Math.round(x * 10 ** dp) / 10 ** dp;

async function pngDataUrl(image: sharp.Sharp): Promise<string> {
  const png = await image.png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function swatch(colour: RGB): Promise<string> {
  const [r, g, b] = colour;
  return pngDataUrl(sharp({ create: { width: 32, height: 32, channels: 3, background: { r, g, b } } }));
}

export async function compute(inputs: Record<string, unknown>) {
  const width = intInput(inputs, 'width', 2, 1024);
  const height = intInput(inputs, 'height', 2, 1024);
  const start = colourInput(inputs, 'start_colour');
  const end = colourInput(inputs, 'end_colour');
  const direction = inputs.direction;
  if (direction !== 'horizontal' && direction !== 'vertical' && direction !== 'diagonal') {
    throw new InputError('direction must be horizontal, vertical or diagonal');
  }

  const position = (x: number, y: number) =>
    direction === 'horizontal'
      ? x / (width - 1)
      : direction === 'vertical'
        ? y / (height - 1)
        : (x / (width - 1) + y / (height - 1)) / 2;

  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = mix(start, end, position(x, y));
      raw.set([r, g, b], (y * width + x) * 3);
    }
  }
  const png = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 9, adaptiveFiltering: false })
    .toBuffer();

  // Luminance of a sampling grid: every `step`-th pixel in both directions, at most 32 per axis.
  const step = Math.ceil(Math.max(width, height) / 32);
  const values: number[] = [];
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const i = (y * width + x) * 3;
      values.push(round(luminance(raw[i], raw[i + 1], raw[i + 2]), 2));
    }
  }

  const grey = await sharp(png).greyscale().png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
  const stats = await sharp(png).stats();
  const [red, green, blue] = stats.channels;
  const middle = mix(start, end, 0.5);
  return {
    image: { value: `data:image/png;base64,${png.toString('base64')}` },
    greyscale: {
      before: `data:image/png;base64,${png.toString('base64')}`,
      after: `data:image/png;base64,${grey.toString('base64')}`,
    },
    swatches: {
      images: [
        { value: await swatch(start), label: `start ${hexOf(start)}` },
        { value: await swatch(middle), label: `middle ${hexOf(middle)}` },
        { value: await swatch(end), label: `end ${hexOf(end)}` },
      ],
    },
    luminance: { values, bins: 16 },
    stats: {
      pairs: [
        { key: 'width', value: width },
        { key: 'height', value: height },
        { key: 'mean_red', value: round(red.mean, 3) },
        { key: 'mean_green', value: round(green.mean, 3) },
        { key: 'mean_blue', value: round(blue.mean, 3) },
        { key: 'min_red', value: red.min },
        { key: 'max_red', value: red.max },
        { key: 'min_green', value: green.min },
        { key: 'max_green', value: green.max },
        { key: 'min_blue', value: blue.min },
        { key: 'max_blue', value: blue.max },
        { key: 'middle_colour', value: hexOf(middle) },
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
    return c.json(await compute(inputs));
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
  console.log(`gradient-image listening on http://127.0.0.1:${info.port}`);
});

function shutdown() {
  server.close(() => process.exit(0));
  // Drop keep-alive connections so close() finishes now, and never linger past half a second.
  (server as import('node:http').Server).closeAllConnections?.();
  setTimeout(() => process.exit(0), 500).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
