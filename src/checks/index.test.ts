// The check list and the report schema agree (ARCHITECTURE.md, "A new check"): a report naming every
// check, in order, is valid against reference-schemas/report.schema.json.
import { describe, expect, it } from 'vitest';
import { compileReferenceSchema } from '../schema/ajv.js';
import { CHECKS, uniformReport } from './index.js';

describe('CHECKS', () => {
  it('report.schema.json accepts a report of every check', () => {
    const validate = compileReferenceSchema('report.schema.json');
    const report = uniformReport({ id: 'any', path: '/tools/any' }, 'pass', 'ok');
    expect(report.checks.map((c) => c.name)).toEqual(CHECKS.map((c) => c.name));
    const ok = validate(report);
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(ok).toBe(true);
  });
});
