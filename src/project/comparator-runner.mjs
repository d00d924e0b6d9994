// The child process a project comparator runs in (project/comparator-process.ts): reads
// {expected, actual, options} as JSON on stdin, calls the module's default export and writes
// {result} or {error} as JSON on stdout. Plain JavaScript so node runs it as it is, from src/ or dist/.
import { pathToFileURL } from 'node:url';

const modulePath = process.argv[2];

function send(message) {
  let text;
  try {
    text = JSON.stringify(message);
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
  const { expected, actual, options } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const mod = await import(pathToFileURL(modulePath).href);
  if (typeof mod.default !== 'function') send({ error: 'the module has no default export function' });
  else send({ result: (await mod.default(expected, actual, options)) ?? null });
} catch (err) {
  send({ error: describe(err) });
}
