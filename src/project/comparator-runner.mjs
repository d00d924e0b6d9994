// The child process a project comparator runs in (project/comparator-process.ts): reads
// {expected, actual, options} as JSON on stdin, calls the module's default export and writes
// {result} or {error} as JSON on stdout (NaN and ±Infinity as marked strings, both ways). Plain
// JavaScript so node runs it as it is, from src/ or dist/.
import { pathToFileURL } from 'node:url';

const modulePath = process.argv[2];
/** NaN and ±Infinity cross as strings with this mark, both ways (comparator-process.ts has the same). */
const NON_FINITE = '\u0000pixie-number:';

function stringify(value) {
  return JSON.stringify(value, (_key, v) =>
    typeof v === 'number' && !Number.isFinite(v) ? NON_FINITE + String(v) : v,
  );
}

function parse(text) {
  if (!text.includes('\\u0000pixie-number:')) return JSON.parse(text);
  return JSON.parse(text, (_key, v) =>
    typeof v === 'string' && v.startsWith(NON_FINITE) ? Number(v.slice(NON_FINITE.length)) : v,
  );
}

function send(message) {
  let text;
  try {
    text = stringify(message);
  } catch (err) {
    text = JSON.stringify({ error: `its result is not JSON: ${err instanceof Error ? err.message : String(err)}` });
  }
  process.stdout.write(text ?? JSON.stringify({ error: 'its result is not JSON' }), () => process.exit(0));
}

function describe(err) {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  try {
    return `threw ${JSON.stringify(err)}`;
  } catch {
    return `threw ${String(err)}`;
  }
}

try {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const { expected, actual, options } = parse(Buffer.concat(chunks).toString('utf8'));
  const mod = await import(pathToFileURL(modulePath).href);
  if (typeof mod.default !== 'function') send({ error: 'the module has no default export function' });
  else send({ result: (await mod.default(expected, actual, options)) ?? null });
} catch (err) {
  send({ error: describe(err) });
}
