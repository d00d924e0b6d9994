// compound-interest: future value of a deposit plus monthly contributions.
//
// Conventions (also in README.md):
// - The nominal annual rate r is compounded n times a year (n = 1, 4, 12 or 365). Over one month
//   the balance therefore grows by g = (1 + r/n)^(n/12): exactly one period when n = 12, and the
//   equivalent fractional growth otherwise. After t whole years a lump sum P is P·(1 + r/n)^(n·t)
//   for every n, the textbook closed form.
// - Monthly contributions are deposited at the END of each month (an ordinary annuity), after
//   that month's growth.
// - With "inflation_adjusted", balances are divided by (1 + i)^year so they are in today's
//   money; contributions stay nominal (the money actually paid in), so interest = balance −
//   contributions is the real gain and may be negative.
// - Every money value is rounded to cents only when reported; the simulation keeps full precision.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';

const here = fileURLToPath(new URL('.', import.meta.url));
const manifest = JSON.parse(readFileSync(`${here}tool.json`, 'utf8'));

class InputError extends Error {}

const cents = (x: number) => Math.round((x + Number.EPSILON * Math.abs(x)) * 100) / 100;

function numberInput(inputs: Record<string, unknown>, key: string, min?: number, max?: number): number {
  const raw = inputs[key];
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new InputError(`${key} must be a number`);
  if (min !== undefined && value < min) throw new InputError(`${key} must be at least ${min}`);
  if (max !== undefined && value > max) throw new InputError(`${key} must be at most ${max}`);
  return value;
}

function booleanInput(inputs: Record<string, unknown>, key: string): boolean {
  const raw = inputs[key];
  if (typeof raw === 'boolean') return raw;
  if (raw === 'true' || raw === 1) return true;
  if (raw === 'false' || raw === 0 || raw === null || raw === undefined) return false;
  throw new InputError(`${key} must be true or false`);
}

const FREQUENCIES: Record<number, string> = { 1: 'yearly', 4: 'quarterly', 12: 'monthly', 365: 'daily' };

export function compute(inputs: Record<string, unknown>) {
  const principal = numberInput(inputs, 'principal', 0);
  const ratePct = numberInput(inputs, 'annual_rate', -100, 100);
  const years = numberInput(inputs, 'years', 1, 50);
  if (!Number.isInteger(years)) throw new InputError('years must be a whole number');
  const n = numberInput(inputs, 'compounding');
  if (!(n in FREQUENCIES)) throw new InputError('compounding must be one of 1, 4, 12, 365');
  const monthly = numberInput(inputs, 'monthly_contribution', 0);
  const adjusted = booleanInput(inputs, 'inflation_adjusted');
  const inflationPct = adjusted ? numberInput(inputs, 'inflation_rate', -50, 100) : 0;

  const r = ratePct / 100;
  const monthlyGrowth = (1 + r / n) ** (n / 12);
  const deflator = (year: number) => (adjusted ? (1 + inflationPct / 100) ** year : 1);

  let balance = principal;
  let paidIn = principal;
  const rows = [];
  const x = [0];
  const balanceSeries = [cents(principal)];
  const contributionSeries = [cents(principal)];
  for (let year = 1; year <= years; year++) {
    for (let month = 0; month < 12; month++) {
      balance = balance * monthlyGrowth + monthly;
      paidIn += monthly;
    }
    const real = balance / deflator(year);
    rows.push({
      year,
      balance: cents(real),
      contributions: cents(paidIn),
      // from the rounded columns, so every row adds up to the cent
      interest: cents(cents(real) - cents(paidIn)),
    });
    x.push(year);
    balanceSeries.push(cents(real));
    contributionSeries.push(cents(paidIn));
  }

  const finalValue = cents(balance / deflator(years));
  const totalContributions = cents(paidIn);
  const totalInterest = cents(finalValue - totalContributions);
  const money = adjusted ? "today's money" : 'nominal';
  return {
    final_value: finalValue,
    total_contributions: totalContributions,
    total_interest: totalInterest,
    yearly_breakdown: {
      columns: manifest.outputs.find((o: { key: string }) => o.key === 'yearly_breakdown').columns,
      rows,
    },
    // stacked: contributions to date + interest to date = balance
    composition: {
      x,
      series: [
        { name: 'Contributions', y: contributionSeries },
        { name: 'Interest', y: balanceSeries.map((b, i) => cents(b - contributionSeries[i])) },
      ],
      x_label: 'Year',
      y_label: adjusted ? "Amount (today's $)" : 'Amount ($)',
    },
    growth_chart: {
      x,
      series: [
        { name: 'Balance', y: balanceSeries },
        { name: 'Contributions', y: contributionSeries },
      ],
      x_label: 'Year',
      y_label: adjusted ? "Amount (today's $)" : 'Amount ($)',
    },
    summary: {
      pairs: [
        { key: 'Final value', value: finalValue },
        { key: 'Total contributions', value: totalContributions },
        { key: 'Total interest', value: totalInterest },
        { key: 'Compounding', value: FREQUENCIES[n] },
        { key: 'Effective annual rate (%)', value: Math.round(((1 + r / n) ** n - 1) * 1e6) / 1e4 },
        { key: 'Values', value: money },
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
  console.log(`compound-interest listening on http://127.0.0.1:${info.port}`);
});

function shutdown() {
  server.close(() => process.exit(0));
  // Drop keep-alive connections so close() finishes now, and never linger past half a second.
  (server as import('node:http').Server).closeAllConnections?.();
  setTimeout(() => process.exit(0), 500).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
