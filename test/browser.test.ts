// The dashboard in a real browser: playwright-core drives Chromium (helpers/chromium.ts: Debian's when
// it is on PATH, else the one an npm package ships; never `playwright install`) against `pixie serve`
// on a real port, on broken copies of two example tools.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingOptional } from '../src/comparators/optional-installed.test-helper.js';
import { createApp } from '../src/server/app.js';
import { launchChromiumContext } from './helpers/chromium.js';
import { REPO_ROOT } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const SHOTS = path.join(REPO_ROOT, 'test-artifacts', 'screenshots');

async function pngDataUrl(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Promise<string> {
  const sharp = (await import('sharp')).default;
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw.set([r, g, b, 255], (y * width + x) * 4);
    }
  const png = await sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

// gradient-image, one of the two tools on the page, draws with sharp
describe.skipIf(missingOptional('sharp'))('dashboard in Chromium', () => {
  let server: ServerType;
  let base: string;
  let context: BrowserContext;
  let page: Page;
  let toolsDir: string;

  beforeAll(async () => {
    // inside the repository, so the copied node tools find hono and sharp in its node_modules
    mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
    mkdirSync(SHOTS, { recursive: true });
    const root = mkdtempSync(path.join(REPO_ROOT, 'test-artifacts', 'browser-'));
    toolsDir = path.join(root, 'tools');
    for (const t of ['compound-interest', 'gradient-image'])
      cpSync(path.join(REPO_ROOT, 'tools', t), path.join(toolsDir, t), { recursive: true });

    // compound-interest: one fixture's golden number, table cell and chart point are wrong
    const byHand = path.join(toolsDir, 'compound-interest', 'reference', 'fixture_yearly_by_hand.json');
    const f = JSON.parse(readFileSync(byHand, 'utf8'));
    f.expected_outputs.final_value = 1300;
    f.expected_outputs.yearly_breakdown.rows[1].balance = 1250;
    f.expected_outputs.growth_chart.series[0].y[2] = 1250;
    writeFileSync(byHand, JSON.stringify(f, null, 2) + '\n');

    // gradient-image: a fixture expecting a black-to-red ramp where the tool draws black-to-white
    const expected = await pngDataUrl(16, 4, (x) => [17 * x, 0, 0]);
    writeFileSync(
      path.join(toolsDir, 'gradient-image', 'reference', 'fixture_wrong_colour.json'),
      JSON.stringify(
        {
          name: 'Ramp with the wrong end colour',
          source: 'deliberately wrong, for the dashboard test',
          inputs: { width: 16, height: 4, start_colour: '#000000', end_colour: '#ffffff', direction: 'horizontal' },
          expected_outputs: { image: expected },
        },
        null,
        2,
      ),
    );

    const { app } = createApp({ toolsDir });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    context = await launchChromiumContext(mkdtempSync(path.join(os.tmpdir(), 'pixie-chromium-')), {
      width: 1280,
      height: 900,
    });
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    server?.close();
  });

  /** Clicks a run button, checks progress lines arrive while it runs, then waits for the new report page. */
  async function runFromPage(button: string): Promise<number> {
    const reloaded = page.waitForEvent('load', { timeout: 90_000 });
    await page.click(button);
    await page.waitForSelector('#progress:not([hidden])');
    await page.waitForFunction("document.querySelectorAll('#run-events li').length >= 3", undefined, {
      timeout: 60_000,
    });
    const seen = await page.locator('#run-events li').count();
    await page.screenshot({ path: path.join(SHOTS, `progress-${button.replace(/\W/g, '')}.png`) });
    await reloaded;
    return seen;
  }

  it('lists the tools, validates the broken copy from the page with live progress, and shows number, table and chart diffs', async () => {
    await page.goto(`${base}/`);
    expect(await page.locator('tr[data-tool]').count()).toBe(2);
    expect(await page.locator('tr[data-tool="compound-interest"] .badge').first().textContent()).toBe('unchecked');

    await page.goto(`${base}/tools/compound-interest`);
    const seen = await runFromPage('#revalidate');
    expect(seen).toBeGreaterThanOrEqual(3);

    expect(await page.getAttribute('#report', 'data-overall')).toBe('fail');
    expect(await page.locator('tr.check[data-check="12"] .badge').textContent()).toBe('fail');
    const fixture = page.locator('details.fixture[data-fixture="fixture_yearly_by_hand.json"]');
    expect(await fixture.getAttribute('open')).not.toBeNull();
    expect(await fixture.locator('summary .badge').textContent()).toBe('fail');
    // number: expected, actual, difference and the rule
    const number = fixture.locator('[data-output="final_value"] table.number-view');
    expect(await number.locator('tr:has-text("expected") td').textContent()).toBe('1300');
    expect(await number.locator('tr:has-text("actual") td').textContent()).toBe('1331');
    expect(await number.locator('tr:has-text("difference") td').textContent()).toMatch(/^\+31 /);
    expect(await number.locator('tr:has-text("rule") td').textContent()).toMatch(/abs|rel/);
    // table: the differing cell highlighted with expected and actual
    const cell = fixture.locator('[data-output="yearly_breakdown"] td.cell-diff');
    expect(await cell.count()).toBe(1);
    expect(await cell.locator('del').textContent()).toBe('1250');
    expect(await cell.locator('ins').textContent()).toBe('1210');
    // chart: expected and actual series on one SVG
    const chart = fixture.locator('[data-output="growth_chart"] svg.chart');
    expect(await chart.count()).toBe(1);
    expect(await chart.locator('polyline').count()).toBe(4);
    // passing fixtures stay folded
    expect(await page.locator('details.fixture[data-fixture="fixture_basic.json"]').getAttribute('open')).toBeNull();
    await page.screenshot({ path: path.join(SHOTS, 'tool-compound-interest.png'), fullPage: true });
  });

  it('runs check 12 only on the image tool and shows expected, actual and the diff image', async () => {
    await page.goto(`${base}/tools/gradient-image`);
    await runFromPage('#check12');
    expect(await page.locator('tr.check[data-check="1"] .badge').textContent()).toBe('skip');
    const out = page.locator('details.fixture[data-fixture="fixture_wrong_colour.json"] [data-output="image"]');
    expect(await out.locator('.output-head .badge').textContent()).toBe('fail');
    const figures = out.locator('.image-view figure img');
    const captions = await out.locator('.image-view figcaption').allTextContents();
    expect(captions.slice(0, 2)).toEqual(['expected', 'actual']);
    for (let i = 0; i < (await figures.count()); i++) {
      // every image really decoded in the browser
      expect(
        await figures.nth(i).evaluate((img) => {
          const el = img as unknown as { complete: boolean; naturalWidth: number };
          return el.complete && el.naturalWidth > 0;
        }),
      ).toBe(true);
    }
    const hasDiffArtifact = captions.some((c) => /diff/i.test(c));
    if (hasDiffArtifact) expect(await figures.count()).toBeGreaterThanOrEqual(3);
    else console.warn('the image comparison carried no diff artifact (image comparator not registered?)');
    await out.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'tool-gradient-image.png'), fullPage: true });
    expect(processesUnder(path.join(toolsDir, 'gradient-image'))).toEqual([]);
  });

  it('accepts actual as expected after a confirm dialog, and the re-run passes', async () => {
    await page.goto(`${base}/tools/compound-interest`);
    let dialog = '';
    page.once('dialog', (d) => {
      dialog = d.message();
      void d.accept();
    });
    const reloaded = page.waitForEvent('load', { timeout: 90_000 });
    await page.click('details.fixture[data-fixture="fixture_yearly_by_hand.json"] button.accept');
    await reloaded;
    expect(dialog).toMatch(/fixture_yearly_by_hand\.json/);
    const written = JSON.parse(
      readFileSync(path.join(toolsDir, 'compound-interest', 'reference', 'fixture_yearly_by_hand.json'), 'utf8'),
    );
    expect(written.expected_outputs.final_value).toBe(1331);
    expect(written.expected_outputs.yearly_breakdown.rows[1].balance).toBe(1210);
    expect(
      await page.locator('details.fixture[data-fixture="fixture_yearly_by_hand.json"] summary .badge').textContent(),
    ).toBe('pass');

    await page.goto(`${base}/`);
    await page.screenshot({ path: path.join(SHOTS, 'index.png') });
    const status = await page.locator('tr[data-tool="gradient-image"] .status .badge').first().textContent();
    expect(status).toBe('fail');
  });
});
