// What the text and metadata modes read from a PDF: each page's text lines in reading order
// (reading-order.ts), then its form field values and annotation texts — a filled-in form is part
// of what a person reads, though it lives in annotations rather than in the page's text — and the
// document's size and descriptive metadata. Ignore regions drop what lies inside them. Text in a
// vertical font is read by vertical-order.ts after the page's horizontal text; a Popup annotation
// is left out, since it only shows its parent annotation's text again.
import type { Region } from '../kit/regions.js';
import type { AnnotationLike, DocumentLike, TextItemLike, ViewportLike } from './pdfjs.js';
import { messages } from './messages.js';
import { readingOrder, type TextPiece } from './reading-order.js';
import { type VerticalPiece, verticalOrder } from './vertical-order.js';

/** One page = its text lines, whitespace-normalised, blank lines dropped. */
export type PdfPages = string[][];

const inside = (x: number, y: number, r: Region): boolean =>
  x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;

interface Pieces {
  horizontal: TextPiece[];
  vertical: VerticalPiece[];
}

function piecesOf(
  items: TextItemLike[],
  styles: Record<string, { vertical?: boolean }>,
  vp: ViewportLike,
  regions: Region[],
): Pieces {
  const out: Pieces = { horizontal: [], vertical: [] };
  for (const item of items) {
    if (typeof item.str !== 'string' || item.str === '') continue; // marked-content markers
    const tr = item.transform ?? [1, 0, 0, 1, 0, 0];
    const [x = 0, y = 0] = vp.convertToViewportPoint(tr[4] ?? 0, tr[5] ?? 0);
    if (
      item.dir === 'ttb' ||
      (item.fontName !== undefined && Object.hasOwn(styles, item.fontName) && styles[item.fontName]?.vertical)
    ) {
      // a vertical run: its origin is the first glyph's top centre, it reaches `height` down
      const size = Math.hypot(tr[0] ?? 0, tr[1] ?? 0) || item.width || 10;
      const height = item.height ?? 0;
      if (regions.some((r) => inside(x, y + height / 2, r))) continue;
      out.vertical.push({ str: item.str, x, y, height, size });
      continue;
    }
    const size = Math.hypot(tr[2] ?? 0, tr[3] ?? 0) || item.height || 10;
    const width = item.width ?? 0;
    // a piece whose centre lies in an ignore region is left out
    if (regions.some((r) => inside(x + width / 2, y - size / 3, r))) continue;
    out.horizontal.push({ str: item.str, x, y, width, size, order: out.horizontal.length });
  }
  return out;
}

function valueText(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (Array.isArray(v)) return v.map(String).join(', ');
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** A form field's value or an annotation's text as one line, or null for annotations that carry none. */
function annotationLine(a: AnnotationLike): string | null {
  if (a.subtype === 'Widget') {
    if (a.pushButton || !a.fieldName) return null;
    const value = a.radioButton
      ? a.fieldValue === a.buttonValue
        ? messages.selected()
        : null
      : valueText(a.fieldValue);
    if (a.radioButton && value === null) return null;
    return messages.formField(a.fieldName, a.radioButton ? `${valueText(a.buttonValue)}` : null, value ?? '');
  }
  // a Popup repeats its parent's text (pdf.js copies it over), which is read from the parent
  if (a.subtype === 'Popup') return null;
  const text = a.contentsObj?.str?.replace(/\s+/g, ' ').trim();
  return text ? messages.annotation(a.subtype, text) : null;
}

function annotationLines(annotations: AnnotationLike[], vp: ViewportLike, regions: Region[]): string[] {
  const placed: { x: number; y: number; line: string }[] = [];
  for (const a of annotations) {
    const line = annotationLine(a);
    if (line === null) continue;
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = a.rect ?? [];
    const [cx = 0, cy = 0] = vp.convertToViewportPoint((x0 + x1) / 2, (y0 + y1) / 2);
    if (regions.some((r) => inside(cx, cy, r))) continue;
    placed.push({ x: cx, y: cy, line });
  }
  return placed.sort((a, b) => a.y - b.y || a.x - b.x).map((p) => p.line);
}

export async function pageTexts(doc: DocumentLike, regions: readonly Region[]): Promise<PdfPages> {
  const pages: PdfPages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const vp = page.getViewport({ scale: 1 });
    const mine = regions.filter((r) => r.page === undefined || r.page === n);
    const [content, annotations] = await Promise.all([page.getTextContent(), page.getAnnotations()]);
    const pieces = piecesOf(content.items, content.styles ?? {}, vp, mine);
    const text = [...readingOrder(pieces.horizontal), ...verticalOrder(pieces.vertical)];
    pages.push([...text, ...annotationLines(annotations, vp, mine)]);
    page.cleanup();
  }
  return pages;
}

/** The document properties the metadata mode compares (never the producer, creator or dates a re-save changes). */
export const METADATA_FIELDS = ['Title', 'Author', 'Subject', 'Keywords', 'Language'] as const;

export interface PdfMetadata {
  info: Record<(typeof METADATA_FIELDS)[number], string>;
  /** per page: "595.3×841.9 pt", with the rotation when there is one */
  pages: string[];
}

export async function pdfMetadata(doc: DocumentLike): Promise<PdfMetadata> {
  const raw = (await doc.getMetadata()).info ?? {};
  const info = Object.fromEntries(
    METADATA_FIELDS.map((k) => [k, typeof raw[k] === 'string' ? (raw[k] as string).trim() : '']),
  ) as PdfMetadata['info'];
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const vp = (await doc.getPage(n)).getViewport({ scale: 1 });
    pages.push(messages.pageSize(vp.width, vp.height, vp.rotation));
  }
  return { info, pages };
}
