// The process pixie compares heavy outputs in (bounded.ts starts it with a heap cap and stops it at
// the deadline): PDF, image, SVG, audio, regex and large values, so that a hostile output costs
// at most its limits and pixie itself stays responsive to Ctrl-C (docs/comparators.md#limits).
// It compares one output at a time, with the decoded-buffer cap installed and pdf.js's warnings
// read; it leaves when pixie's channel closes, and a watchdog thread kills it if pixie dies while
// a comparison keeps its main thread busy.
import { Worker } from 'node:worker_threads';
import { limit } from '../../limits.js';
import { comparatorFor } from '../index.js';
import { readPdfsInProcess } from '../pdf/pdf-threads.js';
import { emitPdfjsWarnings } from '../pdf/pdfjs.js';
import { decodedCap, prepareDecodedCap } from './decoded-cap.js';
import { CHILD_FLAG, type CompareReply, type CompareRequest, type CrossedLimit, type WarmRequest } from './protocol.js';

const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setInterval(() => { if (process.ppid !== workerData) process.kill(process.pid, 'SIGKILL'); }, 500);
`;

/** the comparison under way: a limit crossed is its answer at once (pdf.js may go on, and is killed) */
let current: number | null = null;

function answerNow(crossed: CrossedLimit): void {
  if (current === null) return;
  process.send?.({ id: current, crossed } satisfies CompareReply);
  current = null;
}

function start(): void {
  // nothing a decoder prints reaches pixie's terminal; pdf.js's one warning that matters is kept
  for (const k of ['debug', 'error', 'info', 'log'] as const) console[k] = () => undefined;
  console.warn = (...args: unknown[]) => {
    if (!/exceeded maximum allowed size/i.test(String(args[0]))) return;
    answerNow({ limit: 'pdfImage' });
  };
  prepareDecodedCap(limit('decodedBytes'), (bytes) => answerNow({ limit: 'decoded', bytes }));
  readPdfsInProcess();
  emitPdfjsWarnings();
  new Worker(WATCHDOG, {
    eval: true,
    workerData: process.ppid,
    resourceLimits: { maxOldGenerationSizeMb: 16 },
  }).unref();
  process.on('disconnect', () => process.exit(0));
  process.on('message', (m: CompareRequest | WarmRequest) => {
    if ('warm' in m) return comparatorFor(m.warm.type).warm?.(m.warm.output);
    void compareOne(m).then((reply) => {
      // unless a crossed limit has answered already
      if (current === m.id) process.send?.(reply);
      current = null;
    });
  });
  process.send?.({ ready: true });
}

async function compareOne({ id, input }: CompareRequest): Promise<CompareReply> {
  current = id;
  const comparator = comparatorFor(input.type);
  // PDFs are compared as files (file.ts hands them to pdf/pdf.ts)
  decodedCap(comparator.name === 'file');
  try {
    return { id, result: await comparator.compare(input) };
  } catch (err) {
    return { id, error: (err as Error).stack ?? String(err) };
  } finally {
    decodedCap(false);
  }
}

// only as the comparison process (child-pool.ts passes the flag), never when merely imported
if (process.argv.includes(CHILD_FLAG)) start();
