// Tolerance and fixtures as check 12 reads them, and the head start check 6 gives that read: while
// the tool starts, pixie has nothing else to do, so a tool folder's reference/ is read then and
// check 12 finds it ready (docs/checks.md, check 6).
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { comparatorFor } from '../comparators/index.js';
import { listUserDir } from '../source/user-file.js';
import type { Manifest } from '../model/manifest.js';
import { loadTolerance, type ToleranceLoad } from '../tolerance/load.js';
import { type FixtureLoad, loadFixtures } from './load.js';

export interface ReferenceRead {
  tolerance: ToleranceLoad;
  loaded: FixtureLoad;
}

/** `projectComparators`: the names pixie.config's `comparators` registers, valid as `compare` modes. */
export function readReference(
  referenceDir: string,
  manifest: Manifest,
  projectComparators: readonly string[] = [],
): ReferenceRead {
  return {
    tolerance: loadTolerance(referenceDir, { outputs: manifest.outputs, comparatorFor, projectComparators }),
    loaded: loadFixtures(referenceDir, { manifest, comparatorFor, projectComparators }),
  };
}

/**
 * The most bytes reference/ may hold to be read ahead. Reading holds the event loop; a large folder
 * read while the tool starts would leave /healthz unasked meanwhile, and check 12 reads it anyway.
 */
const AHEAD_MAX_BYTES = 2 * 1024 * 1024;

/** reference/ read now, while the tool starts; undefined when it is absent or too large to be worth it. */
export function readReferenceAhead(
  toolDir: string,
  manifest: Manifest,
  projectComparators: readonly string[] = [],
): ReferenceRead | undefined {
  const listed = listUserDir(toolDir, 'reference');
  if (!listed.ok) return undefined;
  const referenceDir = path.join(toolDir, 'reference');
  let bytes = 0;
  for (const name of listed.names) {
    try {
      bytes += lstatSync(path.join(referenceDir, name)).size;
    } catch {
      // gone meanwhile: check 12 will say so
    }
    if (bytes > AHEAD_MAX_BYTES) return undefined;
  }
  return readReference(referenceDir, manifest, projectComparators);
}
