// The comparator registry: one comparator per family. Which family compares an output type is in
// src/model/output-types.ts, so adding a type to a family is its entry there and the type in the
// comparator's `types`; a new family is one comparator file and one line here.
import type { OutputType } from '../model/manifest.js';
import { type ComparatorFamily, outputTypeInfo } from '../model/output-types.js';
import { audioComparator } from './audio/audio.js';
import { booleanComparator } from './boolean.js';
import { chartComparator } from './chart/chart.js';
import { fileComparator } from './file.js';
import { imageComparator } from './image/image.js';
import { kvComparator } from './kv.js';
import { mapComparator } from './map/map.js';
import { numberComparator } from './number.js';
import { sha256Comparator } from './sha256.js';
import { structuralComparator } from './structural/structural.js';
import { tableComparator } from './table/table.js';
import { textComparator } from './text.js';
import type { Comparator } from './types.js';

export const COMPARATOR_FAMILIES: Record<ComparatorFamily, Comparator> = {
  number: numberComparator,
  boolean: booleanComparator,
  text: textComparator,
  table: tableComparator,
  kv: kvComparator,
  chart: chartComparator,
  map: mapComparator,
  structural: structuralComparator,
  image: imageComparator,
  audio: audioComparator,
  file: fileComparator,
  sha256: sha256Comparator,
};

/** The comparator of an output type; a type pixie does not know (from a report or a file) gets exact bytes. */
export function comparatorFor(type: OutputType): Comparator {
  const info = outputTypeInfo(type);
  return info ? COMPARATOR_FAMILIES[info.comparator] : sha256Comparator;
}
