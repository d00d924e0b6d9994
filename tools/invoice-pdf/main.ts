// invoice-pdf: a one-page invoice PDF built with pdf-lib, plus its numbers.
//
// Money is handled in whole cents: each line amount is round(quantity × unit_price) to the cent,
// the subtotal is the sum of the line amounts, tax is round(subtotal × rate / 100) to the cent
// (halves up) and the total is subtotal + tax.
//
// The PDF bytes depend only on the inputs: metadata (producer, creator, dates) is set explicitly
// with pdf-lib's automatic metadata turned off, the creation and modification dates are the issue
// date at 00:00 UTC, and the standard Helvetica font is used (nothing embedded).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const here = fileURLToPath(new URL('.', import.meta.url));
const manifest = JSON.parse(readFileSync(`${here}tool.json`, 'utf8'));

class InputError extends Error {}

const CURRENCY_SYMBOLS: Record<string, string> = { GBP: '£', EUR: '€', USD: '$' };

interface Line {
  description: string;
  quantity: number;
  unit_price: number;
  amount: number;
}

/** round(x) for values that should be whole numbers of cents, ignoring binary noise like 100.49999999. */
const toCents = (x: number) => Math.round(Number(x.toPrecision(12)));

function money(cents: number, symbol: string): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${symbol}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

function textInput(inputs: Record<string, unknown>, key: string, maxLength: number): string {
  const raw = inputs[key];
  if (typeof raw !== 'string' || raw.trim() === '') throw new InputError(`${key} must be a non-empty string`);
  if (raw.length > maxLength) throw new InputError(`${key} must be at most ${maxLength} characters`);
  return raw.trim();
}

function finite(value: unknown, what: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new InputError(`${what} must be a number`);
  return n;
}

function parseLines(raw: unknown): Line[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new InputError('items must list at least one line');
  if (raw.length > 20) throw new InputError('items may list at most 20 lines');
  return raw.map((row, i) => {
    if (!row || typeof row !== 'object') throw new InputError(`items[${i}] must be an object`);
    const r = row as Record<string, unknown>;
    // a blank description prints as a blank line, and negative amounts are credits and discounts
    const description = typeof r.description === 'string' ? r.description.trim() : '';
    const quantity = finite(r.quantity, `items[${i}].quantity`);
    const unitPrice = finite(r.unit_price, `items[${i}].unit_price`);
    return { description, quantity, unit_price: unitPrice, amount: toCents(quantity * unitPrice * 100) };
  });
}

/** Helvetica only covers WinAnsi: replace anything else so drawing never throws. */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text].map((ch) => (supported.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

async function buildPdf(opts: {
  customer: string;
  invoiceNumber: string;
  issueDate: string;
  lines: Line[];
  subtotal: number;
  tax: number;
  total: number;
  taxRate: number;
  symbol: string;
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const date = new Date(`${opts.issueDate}T00:00:00Z`);
  doc.setTitle(`Invoice ${opts.invoiceNumber}`);
  doc.setAuthor('pixie example tools');
  doc.setSubject(`Invoice for ${opts.customer}`);
  doc.setCreator('pixie invoice-pdf 1.0.0');
  doc.setProducer('pdf-lib 1.17 (https://github.com/Hopding/pdf-lib)');
  doc.setCreationDate(date);
  doc.setModificationDate(date);

  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page: PDFPage = doc.addPage([595.28, 841.89]); // A4 in points
  const grey = rgb(0.4, 0.4, 0.4);
  const draw = (text: string, x: number, y: number, size = 10, font = regular, colour = rgb(0, 0, 0)) =>
    page.drawText(printable(font, text), { x, y, size, font, color: colour });
  const drawRight = (text: string, right: number, y: number, size = 10, font = regular) => {
    const safe = printable(font, text);
    page.drawText(safe, { x: right - font.widthOfTextAtSize(safe, size), y, size, font });
  };

  draw('INVOICE', 50, 780, 24, bold);
  draw(`Number: ${opts.invoiceNumber}`, 50, 750);
  draw(`Date: ${opts.issueDate}`, 50, 736);
  draw('Bill to', 350, 750, 10, bold);
  draw(opts.customer, 350, 736);

  const cols = { description: 50, quantity: 360, unit: 450, amount: 545 };
  let y = 680;
  draw('Description', cols.description, y, 10, bold);
  drawRight('Qty', cols.quantity, y, 10, bold);
  drawRight('Unit price', cols.unit, y, 10, bold);
  drawRight('Amount', cols.amount, y, 10, bold);
  page.drawLine({ start: { x: 50, y: y - 6 }, end: { x: 545, y: y - 6 }, thickness: 0.8, color: grey });
  y -= 22;
  for (const line of opts.lines) {
    const desc = line.description.length > 50 ? `${line.description.slice(0, 49)}…` : line.description;
    draw(desc, cols.description, y);
    drawRight(String(line.quantity), cols.quantity, y);
    drawRight(money(toCents(line.unit_price * 100), opts.symbol), cols.unit, y);
    drawRight(money(line.amount, opts.symbol), cols.amount, y);
    y -= 18;
  }
  page.drawLine({ start: { x: 300, y: y + 8 }, end: { x: 545, y: y + 8 }, thickness: 0.8, color: grey });
  y -= 8;
  const totals: [string, number, PDFFont][] = [
    ['Subtotal', opts.subtotal, regular],
    [`Tax (${opts.taxRate}%)`, opts.tax, regular],
    ['Total due', opts.total, bold],
  ];
  for (const [label, cents, font] of totals) {
    drawRight(label, cols.unit, y, 10, font);
    drawRight(money(cents, opts.symbol), cols.amount, y, 10, font);
    y -= 16;
  }
  draw('Thank you for your business.', 50, 80, 9, regular, grey);
  return doc.save({ useObjectStreams: false });
}

export async function compute(inputs: Record<string, unknown>) {
  const customer = textInput(inputs, 'customer', 80);
  const invoiceNumber = textInput(inputs, 'invoice_number', 32);
  const issueDate = textInput(inputs, 'issue_date', 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(issueDate) || Number.isNaN(Date.parse(`${issueDate}T00:00:00Z`))) {
    throw new InputError('issue_date must be a date written YYYY-MM-DD');
  }
  const lines = parseLines(inputs.items);
  const taxRate = finite(inputs.tax_rate, 'tax_rate');
  if (taxRate < 0 || taxRate > 100) throw new InputError('tax_rate must be from 0 to 100');
  const currency = String(inputs.currency);
  const symbol = CURRENCY_SYMBOLS[currency];
  if (!symbol) throw new InputError('currency must be GBP, EUR or USD');

  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const tax = toCents((subtotal * taxRate) / 100);
  const total = subtotal + tax;

  const pdf = await buildPdf({ customer, invoiceNumber, issueDate, lines, subtotal, tax, total, taxRate, symbol });
  const safeName = invoiceNumber.replace(/[^A-Za-z0-9._-]+/g, '_');
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const summary = [
    `**Invoice ${cell(invoiceNumber)}** for ${cell(customer)}, issued ${issueDate}.`,
    '',
    '| Description | Qty | Unit price | Amount |',
    '|---|---:|---:|---:|',
    ...lines.map(
      (l) =>
        `| ${cell(l.description)} | ${l.quantity} | ${money(toCents(l.unit_price * 100), symbol)} | ${money(l.amount, symbol)} |`,
    ),
    '',
    `Subtotal ${money(subtotal, symbol)}, tax (${taxRate}%) ${money(tax, symbol)}, **total due ${money(total, symbol)}**.`,
  ].join('\n');

  return {
    invoice: {
      filename: `${safeName}.pdf`,
      mime_type: 'application/pdf',
      data: `data:application/pdf;base64,${Buffer.from(pdf).toString('base64')}`,
    },
    lines: {
      columns: manifest.outputs.find((o: { key: string }) => o.key === 'lines').columns,
      rows: lines.map((l) => ({ ...l, amount: l.amount / 100 })),
    },
    subtotal: subtotal / 100,
    tax: tax / 100,
    total: total / 100,
    summary,
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
  console.log(`invoice-pdf listening on http://127.0.0.1:${info.port}`);
});

function shutdown() {
  server.close(() => process.exit(0));
  // Drop keep-alive connections so close() finishes now, and never linger past half a second.
  (server as import('node:http').Server).closeAllConnections?.();
  setTimeout(() => process.exit(0), 500).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
