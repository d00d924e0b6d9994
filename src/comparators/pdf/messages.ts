// Every sentence the PDF comparison writes (pdf.ts and the modules beside it; file.ts calls it for
// application/pdf files, so these are the file comparator's PDF sentences).
import type { ImageSettings } from '../image/settings.js';
import type { MessageTable } from '../../util/message-table.js';
import { visibleJson, visiblePair } from '../../util/visible-text.js';

type Side = 'expected' | 'actual';

const ignoredRegions = (n: number): string => (n ? `; ${n} ignore region(s) left out` : '');
const short = (s: string): string => (s.length > 120 ? `${s.slice(0, 119)}…` : s);
const quote = (s: string): string => visibleJson(short(s));

export const messages = {
  // the rule and the tolerance (pdf.ts)
  // the rule of each pdf_compare mode (pdf.ts picks one); `regions` counts the ignore regions
  textRule: (regions: number) =>
    `same page count and the same text per page in reading order, form field values and annotation texts included, after whitespace normalisation (pdfjs-dist)${ignoredRegions(regions)}`,
  visualRule: (s: ImageSettings, dpi: number, canvas: string, regions: number) =>
    `same page count, then each page rendered at ${dpi} dpi (pdfjs-dist on ${canvas}) has at most max_diff_pixels ${s.maxDiffPixels} or max_diff_ratio ${s.maxDiffRatio} of its pixels beyond colour threshold ${s.threshold}${s.antialiasing ? ', anti-aliasing tolerated' : ''}${ignoredRegions(regions)}`,
  metadataRule: (fields: readonly string[]) =>
    `same page count and page sizes, and the same ${fields.join(', ')} (producer, creator and dates not compared)`,
  pageCountRule: () => 'same page count',
  unknownMode: (mode: string, modes: readonly string[]) =>
    `unknown pdf_compare '${mode}' (expected one of: ${modes.join(', ')})`,
  /** a PDF as the report's expected and actual show it; `pages` once it has been opened */
  document: (bytes: number, pages: number | null) => `PDF, ${pages === null ? '' : `${pages} page(s), `}${bytes} bytes`,
  identicalBytes: (bytes: number) => `identical bytes (${bytes} bytes)`,
  // reading the files (pdf.ts, pdf-threads.ts)
  empty: () => 'the file is empty',
  noHeader: (start: string, bytes: number) =>
    `no %PDF- header; it starts with ${JSON.stringify(start)} (${bytes} bytes)`,
  notAPdf: (side: Side, problem: string) =>
    side === 'expected'
      ? `expected file is not a PDF: ${problem} (fix the fixture)`
      : `not a PDF: the actual file has MIME type application/pdf but ${problem}`,
  unreadable: (side: Side, problem: string) =>
    `${side} PDF could not be read: ${problem}${side === 'expected' ? ' (fix the fixture)' : ''}`,
  notComparable: (error: string) => `the PDFs could not be compared: ${error}`,
  threadFailed: (error: string) => `pdf.js's reading thread failed: ${error}`,
  threadStopped: (code: number) => `pdf.js's reading thread stopped (exit code ${code})`,
  degradedNote: (reason: string) => `degraded: ${reason}`,
  /** `what` is renderingNeeds or modeNeeds */
  degradedRule: (what: string, pkg: string, install: string) => `size + SHA-256 (${what} needs ${pkg}: ${install})`,
  renderingNeeds: () => 'rendering PDF pages (pdf_compare: visual)',
  modeNeeds: (mode: string) => `PDF ${mode} comparison`,
  // page count and metadata (pdf.ts)
  pageCount: (e: number, a: number) => `page count differs: expected ${e}, got ${a}`,
  pagesEach: (n: number) => `${n} page(s) each`,
  pageSizeDiffers: (page: number, e: string | undefined, a: string | undefined) =>
    `page ${page} size differs: expected ${e}, got ${a}`,
  fieldDiffers: (field: string, e: string, a: string) =>
    `${field} differs: expected ${JSON.stringify(e)}, got ${JSON.stringify(a)}`,
  metadataDiffers: (n: number) => `${n} metadata difference(s)`,
  sameMetadata: (pages: number) => `same metadata and page sizes (${pages} page(s))`,
  // what the text and metadata modes read (page-text.ts)
  formField: (name: string, option: string | null, value: string) =>
    `form field '${name}'${option === null ? '' : ` option '${option}'`}: ${value}`,
  selected: () => 'selected',
  annotation: (subtype: string | undefined, text: string) => `annotation (${subtype ?? 'unknown'}): ${text}`,
  pageSize: (width: number, height: number, rotation: number) =>
    `${width.toFixed(1)}×${height.toFixed(1)} pt${rotation ? `, rotated ${rotation}°` : ''}`,
  // the text mode (text-diff.ts)
  pageMissing: (page: number, lines: string[]) =>
    `page ${page} is missing in actual (expected ${lines.length} line(s)${lines.length ? `, first ${quote(lines[0]!)}` : ''})`,
  pageExtra: (page: number, lines: string[]) =>
    `page ${page} is extra in actual (${lines.length} line(s)${lines.length ? `, first ${quote(lines[0]!)}` : ''})`,
  lineChanged: (page: number, line: string, e: string, a: string) =>
    `page ${page}, ${line}: - ${visiblePair(short(e), short(a)).join(' + ')}`,
  lineRemoved: (page: number, line: string, e: string) => `page ${page}, ${line} removed: - ${quote(e)}`,
  lineAdded: (page: number, line: string, a: string) => `page ${page}, ${line} added: + ${quote(a)}`,
  onPage: (page: number, message: string) => `page ${page}: ${message}`,
  more: (n: number) => `… and ${n} more differences`,
  textEqual: (pages: number, lines: number) => `text equal on all ${pages} page(s) (${lines} line(s))`,
  pageCounts: (e: number, a: number) => `page count ${e} vs ${a}`,
  textDiffers: (pages: number, of: number, lines: number, ofLines: number) =>
    `${pages} of ${of} page(s) differ (${lines} of ${ofLines} line(s))`,
  // the visual mode (pdf.ts, visual.ts)
  tooManyPages: (pages: number, max: number) =>
    `the PDF has ${pages} pages; pdf_compare: visual renders at most ${max} (use pdf_compare: text for long documents)`,
  overPdfPageLimit: (pages: number, max: number) =>
    `the PDF has ${pages} pages, over pixie's limit of ${max} pages read per document (pdf_compare: page_count compares longer ones)`,
  overPageLimit: (pages: number, max: number) => `${pages} pages is over the visual mode's limit of ${max}`,
  pageOverBudget: (page: number, dpi: number, problem: string) =>
    `page ${page} at ${dpi} dpi: ${problem}; lower render_dpi`,
  renderSizeDiffers: (
    page: number,
    e: { width: number; height: number },
    a: { width: number; height: number },
    dpi: number,
  ) => `page ${page} size differs: expected ${e.width}×${e.height} px, got ${a.width}×${a.height} px at ${dpi} dpi`,
  page: (page: number) => `page ${page}`,
  render: (page: number, side: Side) => `page ${page} ${side}`,
  diffLabel: (page: number) => `page ${page} diff (red: differs, yellow: tolerated, hatched: ignored)`,
  allPagesSame: (pages: number, dpi: number) => `all ${pages} page(s) look the same at ${dpi} dpi`,
  pagesDiffer: (pages: number, of: number, dpi: number) => `${pages} of ${of} page(s) differ at ${dpi} dpi`,
} satisfies MessageTable;
