// pdf.js (pdfjs-dist's legacy build, an optional dependency) as the PDF comparator uses it: the few
// calls it makes, typed here, and the options every document is opened with. Nothing here throws.
import { createRequire, Module } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_IMAGE_PIXELS } from '../image/decode.js';
import { loadOptional, type Degraded } from '../optional-module.js';

const PDFJS_PACKAGE = 'pdfjs-dist';
// the minified builds: the same code as pdf.mjs and pdf.worker.mjs in half the bytes, which Node
// reads, decodes and parses in ~15 ms less per process (82 → 68 ms to load both)
const PDFJS_SPECIFIER = 'pdfjs-dist/legacy/build/pdf.min.mjs';
export const WORKER_SPECIFIER = 'pdfjs-dist/legacy/build/pdf.worker.min.mjs';

export interface TextItemLike {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
  hasEOL?: boolean;
  /** 'ttb' for a run drawn in a vertical font */
  dir?: string;
  fontName?: string;
}

export interface AnnotationLike {
  subtype?: string;
  fieldType?: string;
  fieldName?: string;
  fieldValue?: unknown;
  checkBox?: boolean;
  radioButton?: boolean;
  pushButton?: boolean;
  buttonValue?: unknown;
  contentsObj?: { str?: string };
  rect?: number[];
}

export interface ViewportLike {
  width: number;
  height: number;
  rotation: number;
  convertToViewportPoint(x: number, y: number): number[];
}

interface PageLike {
  getTextContent(): Promise<{ items: TextItemLike[]; styles?: Record<string, { vertical?: boolean }> }>;
  getAnnotations(): Promise<AnnotationLike[]>;
  getViewport(o: { scale: number }): ViewportLike;
  render(o: Record<string, unknown>): { promise: Promise<void> };
  cleanup(): void;
}

export interface DocumentLike {
  numPages: number;
  getPage(n: number): Promise<PageLike>;
  getMetadata(): Promise<{ info?: Record<string, unknown> }>;
}

export interface PdfjsLike {
  getDocument(src: Record<string, unknown>): { promise: Promise<DocumentLike>; destroy(): Promise<void> };
  AnnotationMode?: { ENABLE: number };
}

export type Loaded<T> = { module: T } | { degraded: Degraded };

// pdfjs-dist's Node build requires @napi-rs/canvas as it loads, for the DOMMatrix, ImageData and
// Path2D it renders with: ~140 ms of native loading that reading text, metadata or page counts never
// uses. For reading, the require is answered from require.cache (Node's documented module cache)
// with stand-ins, taken out again once pdf.js has loaded; pdf.js builds one matrix as it loads and
// touches the others only to render. Rendering loads the real canvas package first, then pdf.js (a
// second copy, from its file URL with a query, if the reading copy came first: that copy keeps the
// stand-in matrix it built).
const CANVAS_PACKAGE = '@napi-rs/canvas';
const RENDERING_GLOBALS = ['DOMMatrix', 'ImageData', 'Path2D'] as const;

class ReadingOnlyMatrix {
  a = 1;
  b = 0;
  c = 0;
  d = 1;
  e = 0;
  f = 0;
}
class NotLoadedForRendering {
  constructor() {
    throw new Error(`pdf.js was loaded for reading only, without ${CANVAS_PACKAGE}`);
  }
}
const STAND_INS: Record<(typeof RENDERING_GLOBALS)[number], unknown> = {
  DOMMatrix: ReadingOnlyMatrix,
  ImageData: NotLoadedForRendering,
  Path2D: NotLoadedForRendering,
};

/** Where pdf.js's own require would find a package, or null when it is not installed. */
function resolvedForPdfjs(specifier: string): string | null {
  try {
    const here = createRequire(import.meta.url);
    return createRequire(here.resolve(PDFJS_SPECIFIER)).resolve(specifier);
  } catch {
    return null;
  }
}

/** pdf.js's own worker side, after pdf.js (it sets globalThis.pdfjsWorker, so pdf.js runs it in-process). */
async function withWorker(loaded: Loaded<unknown>): Promise<Loaded<unknown>> {
  if ('module' in loaded) await loadOptional(PDFJS_PACKAGE, WORKER_SPECIFIER);
  return loaded;
}

async function loadForReading(): Promise<Loaded<unknown>> {
  const canvasFile = resolvedForPdfjs(CANVAS_PACKAGE);
  const cache = createRequire(import.meta.url).cache;
  const globals = globalThis as Record<string, unknown>;
  // only where pdf.js would take the canvas package's classes: nobody has loaded it or defined them
  const seeded = canvasFile !== null && !cache[canvasFile] && RENDERING_GLOBALS.every((name) => !globals[name]);
  if (seeded) {
    const standIn = new Module(canvasFile);
    standIn.filename = canvasFile;
    standIn.loaded = true;
    standIn.exports = STAND_INS;
    cache[canvasFile] = standIn;
  }
  try {
    return await withWorker(await loadOptional(PDFJS_PACKAGE, PDFJS_SPECIFIER));
  } finally {
    if (seeded) {
      delete cache[canvasFile];
      for (const name of RENDERING_GLOBALS) if (globals[name] === STAND_INS[name]) delete globals[name];
    }
  }
}

async function loadForRendering(afterReading: Promise<Loaded<unknown>> | null): Promise<Loaded<unknown>> {
  // never while the reading copy's stand-ins are in the module cache
  const readingCopy = afterReading ? await afterReading : null;
  const canvas = await loadOptional(CANVAS_PACKAGE);
  if ('degraded' in canvas) return canvas;
  const file = readingCopy && 'module' in readingCopy ? resolvedForPdfjs(PDFJS_SPECIFIER) : null;
  const specifier = file ? `${pathToFileURL(file).href}?rendering` : PDFJS_SPECIFIER;
  return withWorker(await loadOptional(PDFJS_PACKAGE, specifier));
}

let reading: Promise<Loaded<unknown>> | null = null;
let rendering: Promise<Loaded<unknown>> | null = null;

/** pdf.js for reading text, annotations, metadata and page counts; it cannot render pages. */
export function loadPdfjs(): Promise<Loaded<unknown>> {
  reading ??= rendering ?? loadForReading();
  return reading;
}

/** pdf.js able to render pages, with the canvas package it renders on (degraded when either is missing). */
export function loadRenderingPdfjs(): Promise<Loaded<unknown>> {
  rendering ??= loadForRendering(reading);
  return rendering;
}

/**
 * The canvas package, never while the reading copy's stand-ins are in the module cache: loaded then,
 * it is the stand-ins for good (a visual comparison that came right after a head start hit it).
 */
export async function loadCanvas(): Promise<Loaded<unknown>> {
  if (reading) await reading;
  return loadOptional(CANVAS_PACKAGE);
}

let options: Record<string, unknown> | null = null;
/** pdf.js's warning level: 0 (errors only) unless the comparison process reads its warnings */
let verbosity = 0;

/**
 * pdf.js's warnings go to console.warn from now on: the comparison process (bounded/compare-child.ts)
 * reads them to learn that pdf.js left out an image over `maxImageSize`, which it says only there.
 */
export function emitPdfjsWarnings(): void {
  verbosity = 1;
}

function documentOptions(): Record<string, unknown> {
  if (options) return options;
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  options = {
    // text needs them too, not only drawing: letters of a font a PDF names (Helvetica) without
    // embedding it or giving an encoding are read through the font's own encoding. Without them
    // pdf.js reads ten small PDFs a third faster, but drops ü and ö alike (pdf.test.ts)
    standardFontDataUrl: `${path.join(root, 'standard_fonts')}/`,
    cMapUrl: `${path.join(root, 'cmaps')}/`,
    cMapPacked: true,
    wasmUrl: `${path.join(root, 'wasm')}/`,
    isEvalSupported: false,
    // an image is decoded into memory whole: one over the image comparator's pixel budget is left
    // out by pdf.js, and the comparison process fails the comparison (docs/comparators.md#limits)
    maxImageSize: MAX_IMAGE_PIXELS,
    disableFontFace: true,
    useSystemFonts: false,
  };
  return options;
}

export interface OpenDocument {
  doc: DocumentLike;
  close(): Promise<void>;
}

/**
 * Opens a PDF: the document, or the problem in a sentence (never a throw). pdf.js may detach the
 * buffer it is given, so it gets a copy as a plain Uint8Array.
 */
export async function openDocument(
  pdfjs: PdfjsLike,
  bytes: Uint8Array,
  /** pdf.js's PDFWorker to read it on (pdf-threads.ts), else pdf.js's in-process worker */
  worker?: unknown,
): Promise<{ ok: true; open: OpenDocument } | { ok: false; problem: string }> {
  let task: ReturnType<PdfjsLike['getDocument']> | null = null;
  try {
    task = pdfjs.getDocument({
      data: new Uint8Array(bytes),
      ...documentOptions(),
      verbosity,
      ...(worker ? { worker } : {}),
    });
    const doc = await task.promise;
    const t = task;
    return { ok: true, open: { doc, close: () => t.destroy().catch(() => undefined) } };
  } catch (err) {
    await task?.destroy().catch(() => undefined);
    return { ok: false, problem: (err as Error).message || String(err) };
  }
}
