// --explore --save: each failure becomes reference/fixture_explore_<n>.json with the failing input
// and no expected outputs, so check 12 fails on it until the tool is fixed (then the author adds the
// right outputs). A failure whose input a fixture already holds is not written twice. With
// --negative the input is one tool.json forbids, so the fixture is a negative one: `expected_status: "4xx"`.
import { existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ExploreFailure } from '../model/report.js';
import { readUserFile } from '../source/user-file.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { parseJson } from '../util/python-json.js';

const EXPLORE_FIXTURE = /^fixture_explore_(\d+)\.json$/;

/** Canonical text of an inputs object (keys sorted), to recognise an input already saved. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    isPlainObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** Inputs of the fixtures already in reference/, by canonical text → file name. */
function savedInputs(referenceDir: string, names: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of names.filter((n) => /^fixture_.*\.json$/.test(n))) {
    try {
      // a regular file inside reference/, size-capped, as check 12 reads it
      const read = readUserFile(referenceDir, name);
      if (!read.ok) continue;
      const data: unknown = parseJson(read.text);
      if (isPlainObject(data) && isPlainObject(data.inputs)) out.set(canonical(data.inputs), name);
    } catch {
      // an unreadable fixture is check 12's to report, not ours
    }
  }
  return out;
}

function fixtureFor(failure: ExploreFailure, seed: number, date: string, negative: boolean): Record<string, unknown> {
  const what = failure.offending.length ? ` (${failure.offending.join(', ')})` : '';
  if (negative)
    return {
      name: `explore --negative: ${failure.kind.replace(/_/g, ' ')}${what}`,
      description: `${failure.message}. Found by pixie --explore --negative: the tool must refuse this input.`,
      source: `pixie validate --explore --negative (${date})`,
      inputs: failure.inputs,
      expected_status: '4xx',
      tags: ['explore'],
    };
  return {
    name: `explore: ${failure.kind.replace(/_/g, ' ')}${what}`,
    description: `${failure.message}. Found by pixie --explore; once the tool is fixed, put the right outputs in expected_outputs.`,
    source: `pixie validate --explore --seed ${seed} (${date})`,
    inputs: failure.inputs,
    expected_outputs: {},
    tags: ['explore'],
  };
}

/**
 * Writes a fixture per failure not already held by one and sets `saved_as` on each failure.
 * Returns why nothing could be written (reference/ is not a folder of the tool, or not writable), else null.
 */
export function saveFailures(
  toolDir: string,
  failures: ExploreFailure[],
  seed: number,
  negative = false,
): string | null {
  if (failures.length === 0) return null;
  const referenceDir = path.join(toolDir, 'reference');
  try {
    if (!existsSync(referenceDir)) mkdirSync(referenceDir);
    // a link could lead the write out of the tool folder
    if (!lstatSync(referenceDir).isDirectory())
      return 'reference/ is not a folder (a link or a file); --save writes only into a real reference/ folder';
    writeAll(referenceDir, failures, seed, negative);
    return null;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return `could not write the fixtures into reference/ (${e.code ?? e.message})`;
  }
}

function writeAll(referenceDir: string, failures: ExploreFailure[], seed: number, negative: boolean): void {
  const names = readdirSync(referenceDir);
  const saved = savedInputs(referenceDir, names);
  let next = Math.max(0, ...names.map((n) => Number(EXPLORE_FIXTURE.exec(n)?.[1] ?? 0))) + 1;
  const date = new Date().toISOString().slice(0, 10);
  for (const failure of failures) {
    const already = saved.get(canonical(failure.inputs));
    if (already) {
      failure.saved_as = `reference/${already}`;
      continue;
    }
    const name = `fixture_explore_${next++}.json`;
    writeFileAtomic(
      path.join(referenceDir, name),
      `${JSON.stringify(fixtureFor(failure, seed, date, negative), null, 2)}\n`,
    );
    saved.set(canonical(failure.inputs), name);
    failure.saved_as = `reference/${name}`;
  }
}
