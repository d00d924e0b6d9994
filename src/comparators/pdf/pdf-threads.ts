// pdf.js's worker side (the part that parses a PDF and builds its text) on two threads of its own,
// one per document of a comparison, so the expected and the actual PDF are read at once; started
// on the first large document and kept (docs/comparators.md, "Reading large PDFs"). A thread that
// dies (out of memory on a hostile file) fails the comparison with a sentence instead of a wait.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { messages } from './messages.js';
import { type PdfjsLike, WORKER_SPECIFIER } from './pdfjs.js';

/** A document at least this large (either side) is read on the threads. */
export const PDF_THREAD_MIN_BYTES = 128 * 1024;

const THREADS = 2;

/**
 * pdf.js's worker side, run on a port the main thread sends (pdf.js's own `initializeFromPort`).
 * Its console is silenced first: a thread's console is pixie's own stdout and stderr, and pdf.js's
 * image decoders print whatever the verbosity. (Capturing the thread's output instead kept a
 * process that compared PDFs from exiting.) As in the main thread (optional-module.ts), the
 * natives core-js replaces as pdf.js loads are put back: its Array.prototype.push alone made a
 * thread read a PDF a third slower. And the thread has no DecompressionStream, so pdf.js inflates
 * content streams with its own code, as it does whenever that stream fails: a web stream per page
 * (set up, fed and drained through promises) made a 100-page pair take ~25% longer (bench/pdf.ts).
 */
const THREAD_SOURCE = (workerModule: string) => `
import { parentPort } from 'node:worker_threads';
for (const k of ['debug', 'error', 'info', 'log', 'warn']) console[k] = () => {};
delete globalThis.DecompressionStream;
const natives = [[Array.prototype, 'push'], [JSON, 'parse'], [JSON, 'stringify']].map(([o, k]) => [o, k, Object.getOwnPropertyDescriptor(o, k)]);
const { WorkerMessageHandler } = await import(${JSON.stringify(workerModule)});
for (const [o, k, d] of natives) Object.defineProperty(o, k, d);
parentPort.once('message', ({ port }) => WorkerMessageHandler.initializeFromPort(port));
`;

interface PdfThread {
  /** pdf.js's PDFWorker bound to the thread: `getDocument({ worker })` */
  pdfWorker: unknown;
  thread: Worker;
  port: MessagePort;
  /** settles with a sentence when the thread has died */
  died: Promise<string>;
}

/** The threads, and how many comparisons are using them now. */
export interface PdfThreadPool {
  threads: PdfThread[];
  users: number;
}

let pool: PdfThreadPool | null = null;
let inProcessOnly = false;

/**
 * Every document is read on the calling thread from now on: the comparison process
 * (bounded/compare-child.ts) is already off pixie's main thread, and its limits on decoded
 * buffers and memory hold for its own thread, not for threads it would start.
 */
export function readPdfsInProcess(): void {
  inProcessOnly = true;
}

type WithWorker = PdfjsLike & { PDFWorker: new (o: { port: unknown; verbosity: number }) => unknown };

function startThread(pdfjs: WithWorker, owner: PdfThreadPool): PdfThread {
  const workerModule = pathToFileURL(createRequire(import.meta.url).resolve(WORKER_SPECIFIER));
  const thread = new Worker(new URL(`data:text/javascript,${encodeURIComponent(THREAD_SOURCE(workerModule.href))}`));
  const { port1, port2 } = new MessageChannel();
  thread.postMessage({ port: port2 }, [port2]);
  const died = new Promise<string>((resolve) => {
    thread.once('error', (err) => resolve(messages.threadFailed(err.message)));
    thread.once('exit', (code) => resolve(messages.threadStopped(code)));
  });
  // a dead thread's pool is dropped, so the next comparison starts new ones
  void died.then(() => {
    if (pool === owner) pool = null;
  });
  thread.unref();
  port1.unref();
  // pdf.js's own warnings (a cross-reference it rebuilds, a damaged object it works around) stay
  // silent, as in-process; the thread takes its level from this, not from getDocument's options
  return { pdfWorker: new pdfjs.PDFWorker({ port: port1, verbosity: 0 }), thread, port: port1, died };
}

/**
 * The threads for one comparison (index 0 for the expected document, 1 for the actual), or null
 * when they cannot be started here (the comparison then reads in-process). releasePdfThreads must follow.
 */
export function acquirePdfThreads(pdfjs: PdfjsLike): PdfThreadPool | null {
  if (inProcessOnly) return null;
  if (typeof (pdfjs as Partial<WithWorker>).PDFWorker !== 'function') return null;
  if (!pool) {
    const fresh: PdfThreadPool = { threads: [], users: 0 };
    try {
      for (let i = 0; i < THREADS; i++) fresh.threads.push(startThread(pdfjs as WithWorker, fresh));
    } catch {
      return null;
    }
    pool = fresh;
  }
  // while a comparison waits on them the ports keep the process alive; idle, they do not
  if (pool.users++ === 0) for (const t of pool.threads) t.port.ref();
  return pool;
}

export function releasePdfThreads(used: PdfThreadPool): void {
  if (--used.users === 0) for (const t of used.threads) t.port.unref();
}
