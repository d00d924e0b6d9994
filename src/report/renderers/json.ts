import type { Report } from '../../model/report.js';
import { stringifyJson } from '../../util/python-json.js';

// JSON.stringify escapes C0 controls but leaves C1 controls (U+009B is a terminal's CSI) and
// bidirectional overrides raw; outside strings JSON holds only ASCII, so escaping them is lossless
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export function renderJson(report: Report | Report[], opts: { oneLine?: boolean } = {}): string {
  // numbers as Python's json writes them, as the original wrote its reports (docs/report.md, "Numbers")
  const text = stringifyJson(report, opts.oneLine ? undefined : 2);
  return `${RAW_IN_JSON.test(text) ? text.replace(new RegExp(RAW_IN_JSON, 'g'), (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`) : text}\n`;
}
