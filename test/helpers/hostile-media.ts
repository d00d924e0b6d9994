// Small generators of hostile media for the comparison limits (docs/comparators.md#limits): PDFs
// that expand to gigabytes or take hours to read, an SVG that takes minutes to render, a regex that
// backtracks for ever. Each file is a few KB, made when a test runs (none is committed).
import zlib from 'node:zlib';

/** A PDF from its objects' bodies (object i+1 is bodies[i]), with a correct cross-reference table. */
function pdfOf(bodies: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  bodies.forEach((body, i) => {
    offsets.push(at);
    const obj = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(obj);
    at += obj.length;
  });
  const xref = [
    `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`,
  ].join('');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

function stream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** A one-page PDF saying `text`: the well-behaved side of a comparison. */
export function plainPdf(text = 'hello'): Buffer {
  return pdfOf([
    CATALOG,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('', Buffer.from(`BT /F1 12 Tf 20 100 Td (${text}) Tj ET`, 'latin1')),
    FONT,
  ]);
}

/** `total` bytes of `byte`, deflated without ever holding them (16 MiB at a time). */
function deflateRepeated(byte: number, total: number, level: number): Promise<Buffer> {
  const chunk = Buffer.alloc(16 * 1024 * 1024, byte);
  const d = zlib.createDeflate({ level });
  const out: Buffer[] = [];
  d.on('data', (b: Buffer) => out.push(b));
  return new Promise((resolve, reject) => {
    d.on('end', () => resolve(Buffer.concat(out)));
    d.on('error', reject);
    let written = 0;
    const pump = (): void => {
      while (written < total) {
        const n = Math.min(chunk.length, total - written);
        written += n;
        if (!d.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          d.once('drain', pump);
          return;
        }
      }
      d.end();
    };
    pump();
  });
}

/** A ~2.4 KB PDF whose page's content stream is 1 GiB of spaces, deflated twice. */
export async function doubleDeflatedPdf(gib = 1): Promise<Buffer> {
  const twice = zlib.deflateSync(await deflateRepeated(0x20, gib * 1024 ** 3, 9), { level: 9 });
  return pdfOf([
    CATALOG,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    stream('/Filter [/FlateDecode /FlateDecode]', twice),
  ]);
}

/** A ~2 KB one-page PDF drawing a `side`×`side` grey image (1 bit per pixel, deflated twice). */
export async function hugeImagePdf(side = 20000): Promise<Buffer> {
  const rowBytes = Math.ceil(side / 8);
  const twice = zlib.deflateSync(await deflateRepeated(0x55, rowBytes * side, 9), { level: 9 });
  return pdfOf([
    CATALOG,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /XObject << /Im 5 0 R >> >> >>',
    stream('', Buffer.from('q 200 0 0 200 0 0 cm /Im Do Q', 'latin1')),
    stream(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter [/FlateDecode /FlateDecode]`,
      twice,
    ),
  ]);
}

/** Form XObjects nested `levels` deep, each drawing the one below twice: 2^levels words to read. */
export function nestedFormsPdf(levels = 30): Buffer {
  const bodies: (string | Buffer)[] = [
    CATALOG,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /XObject << /X ${6 + levels} 0 R >> >> >>`,
    stream('', Buffer.from('q /X Do Q', 'latin1')),
    FONT,
  ];
  // object 6 is level 0 (one word); object 6+k draws object 5+k twice
  const form = (resources: string, content: string) =>
    stream(`/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << ${resources} >>`, Buffer.from(content));
  bodies.push(form('/Font << /F1 5 0 R >>', 'BT /F1 12 Tf 20 100 Td (deep) Tj ET'));
  for (let k = 1; k <= levels; k++)
    bodies.push(
      form(`/XObject << /X ${5 + k} 0 R >>`, 'q 0.5 0 0 0.5 0 0 cm /X Do Q q 0.5 0 0 0.5 100 100 cm /X Do Q'),
    );
  return pdfOf(bodies);
}

/** A PDF of `pages` empty pages sharing one content stream (~100 bytes a page). */
export function manyPagesPdf(pages = 60_000): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(' ');
  const bodies: (string | Buffer)[] = [
    CATALOG,
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    stream('', Buffer.from('BT /F1 12 Tf 20 100 Td (page) Tj ET', 'latin1')),
    FONT,
  ];
  for (let i = 0; i < pages; i++)
    bodies.push(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>',
    );
  return pdfOf(bodies);
}

/** A ~300-byte SVG whose turbulence filter over 4000×4000 pixels takes librsvg minutes. */
export const TURBULENCE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="f" x="0" y="0" width="1" height="1"><feTurbulence type="fractalNoise" baseFrequency="0.01" numOctaves="30"/></filter><rect width="4000" height="4000" filter="url(#f)"/></svg>`;

/** A fixture regex that backtracks exponentially on a long string it does not match. */
export const BACKTRACKING_REGEX = '(\\w+\\s?)*';
export const NON_MATCHING_TEXT = `${'word '.repeat(2000).trim()}!`;

export const pdfDataUrl = (pdf: Buffer): string => `data:application/pdf;base64,${pdf.toString('base64')}`;
export const svgDataUrl = (svg: string): string => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
