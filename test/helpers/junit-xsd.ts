// Validates a JUnit report against test/fixtures/junit/junit.xsd with libxml2's xmllint compiled to
// WebAssembly (the npm package xmllint-wasm): the same validator as the `xmllint` program, with
// nothing to install beside `npm ci`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { REPO_ROOT } from './pixie.js';

const XSD = path.join(REPO_ROOT, 'test/fixtures/junit/junit.xsd');

/** `ok` when the file is valid; `output` is what xmllint printed (each error with its line). */
export async function validateJunit(file: string): Promise<{ ok: boolean; output: string }> {
  const result = await validateXML({
    xml: [{ fileName: path.basename(file), contents: readFileSync(file, 'utf8') }],
    schema: [{ fileName: 'junit.xsd', contents: readFileSync(XSD, 'utf8') }],
  });
  return { ok: result.valid, output: result.rawOutput };
}
