// What pixie and its comparison process (compare-child.ts) send each other over the IPC channel
// (Node's "advanced" serialization: structured clone, so bytes and undefined arrive as sent).
import type { OutputType } from '../../model/manifest.js';
import type { Tolerance } from '../../model/tolerance.js';
import type { ComparisonResult } from '../types.js';

/** The argument the comparison process is started with. */
export const CHILD_FLAG = '--pixie-compare-child';

export interface CompareRequest {
  id: number;
  input: { key: string; type: OutputType; expected: unknown; actual: unknown; tolerance: Tolerance };
}

/** Load what comparing this output of tool.json (as written) will need, before any comparison. */
export interface WarmRequest {
  warm: { type: OutputType; output: Record<string, unknown> };
}

/** A limit the comparison process saw crossed: a decoded buffer (its bytes) or a PDF image left out. */
export type CrossedLimit = { limit: 'decoded'; bytes: number } | { limit: 'pdfImage' };

export type CompareReply =
  | { id: number; result: ComparisonResult }
  | { id: number; crossed: CrossedLimit }
  | { id: number; error: string };
