// pdf.js (pdfjs-dist's legacy build, an optional dependency) as the PDF comparator uses it: the few
// calls it makes, typed here, and the options every document is opened with. Nothing here throws.
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadOptional, type Degraded } from '../optional-module.js';

const PDFJS_PACKAGE = 'pdfjs-dist';
const PDFJS_SPECIFIER = 'pdfjs-dist/legacy/build/pdf.mjs';
const WORKER_SPECIFIER = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

export interface TextItemLike {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
  hasEOL?: boolean;
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
  getTextContent(): Promise<{ items: TextItemLike[] }>;
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

let loading: Promise<Loaded<unknown>> | null = null;

/** pdf.js and its worker side (which sets globalThis.pdfjsWorker, so pdf.js runs it in-process). */
export function loadPdfjs(): Promise<Loaded<unknown>> {
  loading ??= (async () => {
    const loaded = await loadOptional(PDFJS_PACKAGE, PDFJS_SPECIFIER);
    if ('module' in loaded) await loadOptional(PDFJS_PACKAGE, WORKER_SPECIFIER);
    return loaded;
  })();
  return loading;
}

let options: Record<string, unknown> | null = null;

function documentOptions(): Record<string, unknown> {
  if (options) return options;
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  options = {
    standardFontDataUrl: `${path.join(root, 'standard_fonts')}/`,
    cMapUrl: `${path.join(root, 'cmaps')}/`,
    cMapPacked: true,
    wasmUrl: `${path.join(root, 'wasm')}/`,
    verbosity: 0,
    isEvalSupported: false,
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
): Promise<{ ok: true; open: OpenDocument } | { ok: false; problem: string }> {
  let task: ReturnType<PdfjsLike['getDocument']> | null = null;
  try {
    task = pdfjs.getDocument({ data: new Uint8Array(bytes), ...documentOptions() });
    const doc = await task.promise;
    const t = task;
    return { ok: true, open: { doc, close: () => t.destroy().catch(() => undefined) } };
  } catch (err) {
    await task?.destroy().catch(() => undefined);
    return { ok: false, problem: (err as Error).message || String(err) };
  }
}
