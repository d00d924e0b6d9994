// The `visual` PDF mode: each page rendered by pdf.js onto a canvas (@napi-rs/canvas, an optional
// dependency) and compared as an image (image/compare-rgba.ts, the image comparator's own core), so
// a changed chart or logo in an otherwise identical PDF fails. Differing pages carry the expected
// and actual renders and the diff image, grouped by page for the report.
import type { Difference } from '../../model/report.js';
import { compareRgba } from '../image/compare-rgba.js';
import { pixelBudgetProblem } from '../image/decode.js';
import { renderDiff } from '../image/diff-image.js';
import type { RgbaImage } from '../image/rgba.js';
import type { ImageSettings } from '../image/settings.js';
import type { Region } from '../kit/regions.js';
import { messages } from './messages.js';
import type { DocumentLike, PdfjsLike } from './pdfjs.js';

/** The slice of @napi-rs/canvas used here. */
export interface CanvasModule {
  createCanvas(w: number, h: number): CanvasLike;
}
interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
    putImageData(img: unknown, x: number, y: number): void;
    createImageData(w: number, h: number): { data: Uint8ClampedArray };
  };
  toBuffer(mime: 'image/png'): Buffer;
}

/** Pages rendered per document at most: each page costs a render and a comparison. */
export const MAX_VISUAL_PAGES = 50;
/** differing pages whose pictures go into the report */
const MAX_PICTURED_PAGES = 5;

export interface VisualOutcome {
  ok: boolean;
  score: number;
  metric: string;
  differences: Difference[];
  artifacts: { label: string; data_url: string; group: string; role: 'expected' | 'actual' | 'diff' }[];
}

type Render = { ok: true; image: RgbaImage } | { ok: false; problem: string };

async function renderPage(
  pdfjs: PdfjsLike,
  canvas: CanvasModule,
  doc: DocumentLike,
  n: number,
  dpi: number,
): Promise<Render> {
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: dpi / 72 });
  const w = Math.ceil(viewport.width);
  const h = Math.ceil(viewport.height);
  const over = pixelBudgetProblem(w, h);
  if (over) return { ok: false, problem: messages.pageOverBudget(n, dpi, over) };
  const c = canvas.createCanvas(w, h);
  const ctx = c.getContext('2d');
  // white paper under the page, as a viewer shows it; form fields drawn from their appearance
  const white = ctx.createImageData(w, h);
  white.data.fill(255);
  ctx.putImageData(white, 0, 0);
  await page.render({ canvasContext: ctx, canvas: c, viewport, annotationMode: pdfjs.AnnotationMode?.ENABLE ?? 1 })
    .promise;
  const data = ctx.getImageData(0, 0, w, h).data;
  page.cleanup();
  return { ok: true, image: { width: w, height: h, data: new Uint8Array(data.buffer, data.byteOffset, data.length) } };
}

function png(canvas: CanvasModule, img: RgbaImage): string {
  const c = canvas.createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  const out = ctx.createImageData(img.width, img.height);
  out.data.set(img.data);
  ctx.putImageData(out, 0, 0);
  return `data:image/png;base64,${c.toBuffer('image/png').toString('base64')}`;
}

/** Both documents page by page; the caller has checked the page counts' limit. */
export async function compareVisually(
  pdfjs: PdfjsLike,
  canvas: CanvasModule,
  expected: DocumentLike,
  actual: DocumentLike,
  settings: ImageSettings,
  regions: readonly Region[],
  dpi: number,
): Promise<VisualOutcome> {
  const differences: Difference[] = [];
  const artifacts: VisualOutcome['artifacts'] = [];
  const pages = Math.min(expected.numPages, actual.numPages);
  if (expected.numPages !== actual.numPages)
    differences.push({
      path: 'pages',
      message: messages.pageCount(expected.numPages, actual.numPages),
      expected: expected.numPages,
      actual: actual.numPages,
    });
  let differing = 0;
  let worst = 1;
  const summaries: string[] = [];
  for (let n = 1; n <= pages; n++) {
    const where = `page[${n}]`;
    const [e, a] = [await renderPage(pdfjs, canvas, expected, n, dpi), await renderPage(pdfjs, canvas, actual, n, dpi)];
    if (!e.ok || !a.ok) {
      differing++;
      worst = 0;
      differences.push({ path: where, message: (e.ok ? '' : e.problem) || (a.ok ? '' : a.problem) });
      continue;
    }
    if (e.image.width !== a.image.width || e.image.height !== a.image.height) {
      differing++;
      worst = 0;
      differences.push({
        path: where,
        message: messages.renderSizeDiffers(n, e.image, a.image, dpi),
      });
      continue;
    }
    // regions are in points from the page's top-left corner; the render is at dpi/72 px per point
    const scaled = regions
      .filter((r) => r.page === undefined || r.page === n)
      .map((r) => ({
        x: (r.x * dpi) / 72,
        y: (r.y * dpi) / 72,
        width: (r.width * dpi) / 72,
        height: (r.height * dpi) / 72,
      }));
    const v = compareRgba(e.image, a.image, settings, scaled);
    worst = Math.min(worst, v.score);
    if (v.ok) continue;
    differing++;
    summaries.push(messages.onPage(n, v.metric));
    differences.push({ path: where, message: [messages.onPage(n, v.metric), ...v.notes].join('; ') });
    if (differing <= MAX_PICTURED_PAGES) {
      const group = messages.page(n);
      artifacts.push(
        { label: messages.render(n, 'expected'), data_url: png(canvas, e.image), group, role: 'expected' },
        { label: messages.render(n, 'actual'), data_url: png(canvas, a.image), group, role: 'actual' },
        {
          label: messages.diffLabel(n),
          data_url: png(canvas, renderDiff(e.image, a.image, { mask: v.mask, regions: scaled })),
          group,
          role: 'diff',
        },
      );
    }
  }
  const ok = differences.length === 0;
  const metric = ok
    ? messages.allPagesSame(pages, dpi)
    : [
        expected.numPages !== actual.numPages ? messages.pageCounts(expected.numPages, actual.numPages) : '',
        messages.pagesDiffer(differing, pages, dpi),
        ...summaries.slice(0, 3),
      ]
        .filter(Boolean)
        .join('; ');
  return {
    ok,
    score: ok ? worst : Math.min(worst, 1 - differing / Math.max(1, pages)),
    metric,
    differences,
    artifacts,
  };
}
