// Every sentence of the comparison limits (bounded.ts): a limit crossed is that output's failure.
import type { MessageTable } from '../../util/message-table.js';

export const messages = {
  rule: (seconds: string, memory: string) => `compared within ${seconds} s and ${memory} (pixie's comparison limits)`,
  time: (seconds: number) =>
    `the comparison was stopped after ${seconds} s, pixie's time limit for comparing one output (PIXIE_MAX_COMPARE_SECONDS)`,
  memory: (used: string, hint: string) =>
    `the comparison was stopped at ${used} of memory, over pixie's limit of ${hint} for comparing one output`,
  decoded: (hint: string) =>
    `decoding one of its streams or images needs more than ${hint}, pixie's limit on one decoded stream or image`,
  pdfImage: (pixels: number) =>
    `the PDF draws an image of more than ${pixels} pixels (4096 × 4096), pixie's limit on one image; it cannot be compared`,
  noStart: (seconds: number) => `it was not ready within ${seconds} s`,
  crashed: (why: string) => `the comparison process ended without an answer (${why})`,
  threw: (error: string) => `internal error in pixie's comparison process: ${error}`,
} satisfies MessageTable;
