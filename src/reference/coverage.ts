// A declared output that no fixture asserts is never compared: check 12 and `pixie lint` warn about
// it (without changing the verdict) and name the command that adds it from the sample run.
import { finding, type Finding } from '../model/finding.js';
import { excerpt } from '../source/excerpt.js';
import type { Manifest } from '../model/manifest.js';

export function uncoveredOutputs(
  manifest: Manifest,
  fixtures: readonly { expected_outputs: Record<string, unknown> }[],
  toolName: string,
): Finding[] {
  if (fixtures.length === 0) return [];
  const covered = new Set(fixtures.flatMap((f) => Object.keys(f.expected_outputs)));
  return manifest.outputs.flatMap((o, i) =>
    covered.has(o.key)
      ? []
      : [
          finding('output-not-covered', {
            file: 'tool.json',
            path: `outputs[${i}]`,
            message: `output '${excerpt(o.key)}' is asserted by no fixture, so it is never compared`,
            fix: `pixie validate ${toolName} --update-fixtures --yes adds it from the sample run (check 8) to the fixture with the sample inputs, or to a new fixture_sample.json`,
          }),
        ],
  );
}
