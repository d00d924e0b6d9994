// The twelve checks in report order (SPEC §2). Order lives here and only here.
import { cleanShutdown } from './clean-shutdown.js';
import { dependenciesDeclared } from './dependencies-declared.js';
import { folderStructure } from './folder-structure.js';
import { outputConforms } from './output-conforms.js';
import { referenceFixtures } from './reference-fixtures.js';
import { runtimeReady } from './runtime-ready.js';
import { sampleRunSucceeds } from './sample-run-succeeds.js';
import { schemaMatchesDisk } from './schema-matches-disk.js';
import { schemasCoherent } from './schemas-coherent.js';
import { streamingCheck } from './streaming-check.js';
import { toolJsonParses } from './tool-json-parses.js';
import { toolSpawns } from './tool-spawns.js';
import type { Check } from './types.js';

export const CHECKS: readonly Check[] = [
  folderStructure,
  toolJsonParses,
  schemasCoherent,
  dependenciesDeclared,
  runtimeReady,
  toolSpawns,
  schemaMatchesDisk,
  sampleRunSucceeds,
  outputConforms,
  streamingCheck,
  cleanShutdown,
  referenceFixtures,
];
