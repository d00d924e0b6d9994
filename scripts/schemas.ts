// Writes the generated parts of reference-schemas/: tolerance.schema.json and the `tolerances`
// section of config.schema.json, from the comparators (src/tolerance/json-schema.ts).
// Run with `npm run schemas` after changing a comparator's modes or options.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toleranceJsonSchema, withProjectTolerances } from '../src/tolerance/json-schema.js';

const dir = new URL('../reference-schemas/', import.meta.url);
const write = (name: string, schema: unknown) =>
  writeFileSync(fileURLToPath(new URL(name, dir)), `${JSON.stringify(schema, null, 2)}\n`);

write('tolerance.schema.json', toleranceJsonSchema());
write(
  'config.schema.json',
  withProjectTolerances(JSON.parse(readFileSync(fileURLToPath(new URL('config.schema.json', dir)), 'utf8'))),
);
