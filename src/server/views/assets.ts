// The dashboard's stylesheet and script, served as files so the page's CSP can forbid inline script.
import { EXPLORE_CSS } from '../../report/html/explore.js';
import { OUTPUT_DETAIL_CSS } from '../../report/html/styles.js';

export const DASHBOARD_CSS = `
:root { --pass:#16a34a; --warn:#ca8a04; --flaky:#7c3aed; --fail:#dc2626; --skip:#9ca3af; --unchecked:#9ca3af; --fg:#111827; --muted:#6b7280; --line:#e5e7eb; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: #fafafa; }
header.top { display: flex; gap: 12px; align-items: baseline; padding: 10px 20px; background: #111827; color: #fff; }
header.top .brand { color: #fff; font-weight: 700; font-size: 18px; text-decoration: none; }
main { padding: 16px 20px 60px; max-width: 1200px; }
h1 { font-size: 22px; margin: 8px 0; } h2 { font-size: 18px; } h3 { font-size: 16px; margin-top: 24px; } h5 { margin: 10px 0 4px; }
.muted { color: var(--muted); } .small { font-size: 13px; font-weight: normal; }
a { color: #1d4ed8; }
table { border-collapse: collapse; background: #fff; }
th, td { border-bottom: 1px solid var(--line); padding: 5px 8px; text-align: left; vertical-align: top; }
table.tools, table.checks { width: 100%; }
td.num, .num { text-align: right; font-variant-numeric: tabular-nums; }
.dot { display: inline-block; width: 11px; height: 11px; border-radius: 50%; background: var(--unchecked); vertical-align: middle; }
.dot.s-pass { background: var(--pass); } .dot.s-warn { background: var(--warn); } .dot.s-fail { background: var(--fail); }
.badge { display: inline-block; padding: 0 7px; border-radius: 9px; font-size: 12px; font-weight: 600; color: #fff; background: var(--skip); }
.badge.s-pass { background: var(--pass); } .badge.s-warn { background: var(--warn); } .badge.s-flaky { background: var(--flaky); } .badge.s-fail { background: var(--fail); }
.badge.stale { background: #7c3aed; } .badge.running { background: #2563eb; }
tr.s-row-fail td { background: #fef2f2; } tr.s-row-warn td { background: #fefce8; }
.actions { margin: 12px 0; display: flex; gap: 8px; align-items: center; }
button { font: inherit; padding: 5px 12px; border: 1px solid #9ca3af; border-radius: 5px; background: #fff; cursor: pointer; }
button:hover { background: #f3f4f6; } button:disabled { opacity: .5; cursor: default; }
button.accept { border-color: var(--warn); margin: 6px 0; }
button.accept-output { border-color: var(--warn); margin-left: 8px; font-size: 0.85em; }
.progress { border: 1px solid #bfdbfe; background: #eff6ff; padding: 8px 12px; border-radius: 6px; }
.progress h3 { margin: 0 0 6px; } progress { width: 320px; }
ol.events { max-height: 220px; overflow: auto; font-family: ui-monospace, monospace; font-size: 12px; margin: 6px 0 0; }
details.fixture { background: #fff; border: 1px solid var(--line); border-left: 4px solid var(--skip); border-radius: 4px; margin: 8px 0; padding: 6px 10px; }
details.fixture.s-row-pass { border-left-color: var(--pass); } details.fixture.s-row-fail { border-left-color: var(--fail); } details.fixture.s-row-warn { border-left-color: var(--warn); } details.fixture.s-row-flaky { border-left-color: var(--flaky); }
details.fixture > summary { cursor: pointer; }
.output { border-top: 1px dashed var(--line); padding: 6px 0; }
pre { background: #f3f4f6; padding: 8px; overflow: auto; max-height: 420px; font-size: 12px; white-space: pre-wrap; word-break: break-word; }
pre.stderr { background: #111827; color: #e5e7eb; }
.warn-box { background: #fefce8; border: 1px solid #fde68a; padding: 6px 10px; margin: 6px 0; }
.fail-box { background: #fef2f2; border: 1px solid #fecaca; padding: 6px 10px; margin: 6px 0; }
.history ol { font-size: 13px; }
${OUTPUT_DETAIL_CSS}${EXPLORE_CSS}`;

export const DASHBOARD_JS = `
(() => {
  const body = document.body;
  const page = body.dataset.page;

  async function api(method, url, payload) {
    const init = { method, credentials: 'same-origin', headers: {} };
    if (payload !== undefined) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(payload); }
    const res = await fetch(url, init);
    let data = null;
    try { data = await res.json(); } catch (e) { /* not JSON */ }
    return { status: res.status, data };
  }

  if (page === 'index') {
    setInterval(async () => {
      let r;
      try { r = await api('GET', '/api/tools'); } catch (e) { return; }
      if (r.status !== 200 || !Array.isArray(r.data)) return;
      const rows = [...document.querySelectorAll('tr[data-tool]')];
      const known = rows.map((row) => row.dataset.tool).join('\\n');
      if (r.data.map((t) => t.id).join('\\n') !== known) { location.reload(); return; }
      for (const t of r.data) {
        const row = rows.find((x) => x.dataset.tool === t.id);
        if (!row) continue;
        const dot = row.querySelector('.dot');
        const want = 'dot s-' + t.validation;
        if (dot && dot.className !== want) location.reload();
        const stale = row.querySelector('.badge.stale');
        if (Boolean(stale) !== Boolean(t.stale)) location.reload();
      }
    }, 3000);
    return;
  }
  if (page !== 'tool') return;

  const tool = body.dataset.tool;
  const panel = document.getElementById('progress');
  const list = document.getElementById('run-events');
  const bar = document.getElementById('run-bar');
  const count = document.getElementById('run-count');
  const state = document.getElementById('run-state');
  const buttons = [...document.querySelectorAll('button[data-action]')];
  let finishedSteps = 0;
  let totalSteps = 12;

  function line(text, cls) {
    const li = document.createElement('li');
    li.textContent = text;
    if (cls) li.className = cls;
    list.appendChild(li);
    list.scrollTop = list.scrollHeight;
  }
  function setBusy(busy) { for (const b of buttons) b.disabled = busy; }
  function step() { finishedSteps++; bar.max = totalSteps; bar.value = finishedSteps; count.textContent = finishedSteps + ' / ' + totalSteps; }

  function follow(runId) {
    panel.hidden = false;
    list.textContent = '';
    finishedSteps = 0; totalSteps = 12; bar.value = 0;
    setBusy(true);
    state.textContent = 'running…';
    body.dataset.runState = 'running';
    const es = new EventSource('/api/runs/' + encodeURIComponent(runId) + '/events');
    es.addEventListener('started', (e) => { const d = JSON.parse(e.data); line('started ' + d.kind + ' run ' + d.run_id); });
    es.addEventListener('progress', (e) => {
      const d = JSON.parse(e.data);
      if (d.kind === 'check-start') line('▶ check ' + d.number + ' ' + d.name);
      else if (d.kind === 'check-end') { step(); line('[' + d.status + '] check ' + d.number + ' ' + d.name + ' — ' + (d.message || ''), 's-' + d.status); }
      else if (d.kind === 'fixtures-total') { totalSteps = 12 + d.total; line(d.total + ' fixture(s) to run'); }
      else if (d.kind === 'fixture-end') { step(); line('[' + d.status + '] ' + d.file + ' — ' + (d.message || ''), 's-' + d.status); }
      else if (d.kind === 'explore-start') line('▶ exploring inputs (up to a minute)');
      else if (d.kind === 'explore-end') line('[' + d.status + '] explore — ' + (d.message || ''), 's-' + d.status);
    });
    es.addEventListener('done', (e) => {
      const d = JSON.parse(e.data);
      es.close();
      state.textContent = 'done: ' + d.overall;
      body.dataset.runState = 'done';
      line('done: overall ' + d.overall + ' — loading the new report');
      setTimeout(() => { location.href = '/tools/' + encodeURIComponent(tool); }, 800);
    });
    es.addEventListener('failed', (e) => {
      const d = JSON.parse(e.data);
      es.close();
      state.textContent = 'error';
      body.dataset.runState = 'error';
      line('error: ' + d.detail, 's-fail');
      setBusy(false);
    });
  }

  async function start(kind, explore) {
    setBusy(true);
    const r = await api('POST', '/api/tools/' + encodeURIComponent(tool) + '/runs', explore ? { kind, explore: true } : { kind });
    if (r.status === 202 || (r.status === 409 && r.data && r.data.run_id)) follow(r.data.run_id);
    else { setBusy(false); alert((r.data && r.data.detail) || ('HTTP ' + r.status)); }
  }

  for (const b of buttons) {
    if (b.dataset.action === 'run') b.addEventListener('click', () => start(b.dataset.kind, b.dataset.explore === 'true'));
    if (b.dataset.action === 'accept') b.addEventListener('click', async () => {
      const fixture = b.dataset.fixture;
      const output = b.dataset.acceptOutput;
      const what = output ? "the value of '" + output + "'" : 'every out-of-tolerance value';
      const ok = confirm('Accept ' + what + ' shown in this report as expected?\\n\\nThis writes the actual value(s) of report ' + b.dataset.report + ' into reference/' + fixture + '. Values within tolerance are left alone, and nothing is run again before writing.');
      if (!ok) return;
      setBusy(true);
      panel.hidden = false;
      state.textContent = 'updating ' + fixture + '…';
      const payload = { report: b.dataset.report, fixture };
      if (output) payload.output = output;
      const r = await api('POST', '/api/tools/' + encodeURIComponent(tool) + '/accept', payload);
      if (r.status !== 200) { setBusy(false); alert((r.data && r.data.detail) || ('HTTP ' + r.status)); return; }
      line('wrote ' + (r.data.written || []).map((w) => 'reference/' + w).join(', '));
      start('reference-check');
    });
  }
  if (body.dataset.activeRun) follow(body.dataset.activeRun);
})();
`;
