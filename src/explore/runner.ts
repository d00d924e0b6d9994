// The search: fast-check generates inputs (the one-input examples first) and shrinks each failure.
// fast-check stops at its first counterexample, so the search runs in rounds: each round looks for
// a failure unlike those found so far, shrinks it while holding on to that kind of failure, and the
// next round goes on with what is left of the budget (and a seed derived from the first).
import fc from 'fast-check';
import type { ExploreFailure } from '../model/report.js';
import type { Manifest } from '../model/manifest.js';
import type { ToolProcess } from '../tool/spawn.js';
import { exploreSpace, offendingKeys, type Inputs } from './arbitraries.js';
import { curlFor } from './curl.js';
import { outcomeOf, type Outcome } from './outcome.js';

type Failed = Extract<Outcome, { ok: false }>;

/** Distinct failures reported at most; past this the tool needs fixing before more are useful. */
const MAX_FAILURES = 20;
/** A memory measurement scans /proc: space them out until memory has been a problem once. */
const MEMORY_EVERY_MS = 250;

export interface ToolHandle {
  /** the running tool */
  current(): ToolProcess;
  /** stops the current process and starts a fresh one; the reason when it does not come up */
  restart(): Promise<string | null>;
}

export interface ExploreRun {
  manifest: Manifest;
  tool: ToolHandle;
  seed: number;
  runs: number;
  seconds: number;
}

export interface ExploreOutcome {
  failures: ExploreFailure[];
  runs: number;
  requests: number;
  restarts: number;
  /** why the search ended before its budget ran out, if it did */
  stopped: string | null;
}

interface Found {
  inputs: Inputs;
  outcome: Failed;
  minimal: boolean;
  order: number;
}

function failureOf(found: Found, hits: number, sample: Inputs): ExploreFailure {
  const { outcome } = found;
  return {
    kind: outcome.kind,
    message: outcome.message,
    inputs: found.inputs,
    offending: offendingKeys(found.inputs, sample),
    minimal: found.minimal,
    hits,
    curl: curlFor(found.inputs),
    response: outcome.response,
    ...(outcome.stderr ? { stderr: outcome.stderr } : {}),
  };
}

export async function runExplore(run: ExploreRun): Promise<ExploreOutcome> {
  const space = exploreSpace(run.manifest);
  const deadline = performance.now() + run.seconds * 1000;
  const known = new Map<string, Found>();
  /** failures of another kind met while shrinking one: tried first in the next round */
  const pending = new Map<string, Found>();
  const hits = new Map<string, number>();
  /** inputs already sent while generating; fast-check hands examples over as the same objects */
  const tried = new Set<Inputs>();
  let generated = 0;
  let requests = 0;
  let restarts = 0;
  let stopped: string | null = null;
  let lastMemoryCheck = 0;
  /** runs since memory was last measured: any of them may have grown it */
  let unmeasured = 0;
  let memorySeen = false;

  const once = async (inputs: Inputs, checkMemory: boolean): Promise<Outcome> => {
    // a tool that died after its last answer (a late exit) starts again first: that death is not this input's
    if (run.tool.current().exitStatus()) {
      restarts++;
      const why = await run.tool.restart();
      if (why) {
        stopped = `the tool did not start again after it stopped: ${why}`;
        return { ok: true }; // nothing is sent: the search ends, with no verdict on this input
      }
    }
    requests++;
    const outcome = await outcomeOf(run.tool.current(), inputs, { manifest: run.manifest, checkMemory, deadline });
    if (!outcome.ok && outcome.restart) {
      restarts++;
      const why = await run.tool.restart();
      if (why) stopped = `the tool did not start again after it failed: ${why}`;
    }
    return outcome;
  };

  const send = async (inputs: Inputs): Promise<Outcome> => {
    const now = performance.now();
    const checkMemory = memorySeen || now - lastMemoryCheck >= MEMORY_EVERY_MS;
    const suspects = unmeasured;
    if (checkMemory) [lastMemoryCheck, unmeasured] = [now, 0];
    else unmeasured++;
    const outcome = await once(inputs, checkMemory);
    if (outcome.ok || outcome.kind !== 'memory_limit' || memorySeen) return outcome;
    // from now on memory is measured after every run; and when earlier unmeasured runs may be the
    // ones that grew it, this input is tried again on the fresh tool before it is blamed
    memorySeen = true;
    return suspects > 0 && !stopped ? once(inputs, true) : outcome;
  };

  for (let round = 0; !stopped && generated < run.runs && known.size < MAX_FAILURES; round++) {
    if (performance.now() >= deadline) break;
    let target: string | null = null;
    /** the last input that failed the way being shrunk: where fast-check's shrinking ends */
    let last: { key: string; outcome: Failed } | null = null;
    const predicate = async (inputs: Inputs): Promise<boolean> => {
      if (stopped || performance.now() >= deadline) return true;
      const generating = target === null;
      if (generating) {
        generated++;
        tried.add(inputs);
      }
      const outcome = await send(inputs);
      if (outcome.ok) return true;
      const key = JSON.stringify(inputs);
      if (generating) hits.set(outcome.group, (hits.get(outcome.group) ?? 0) + 1);
      if (known.has(outcome.group)) return true;
      if (target === null) target = outcome.group;
      if (outcome.group === target) {
        last = { key, outcome };
        return false;
      }
      if (!pending.has(outcome.group) && pending.size < MAX_FAILURES)
        pending.set(outcome.group, { inputs, outcome, minimal: false, order: known.size + pending.size });
      return true;
    };
    const examples = [
      ...[...pending.values()].filter((p) => !known.has(p.outcome.group)).map((p) => p.inputs),
      ...space.examples.filter((e) => !tried.has(e)),
    ];
    const result = await fc.check(fc.asyncProperty(space.arbitrary, predicate), {
      seed: (run.seed + round) | 0,
      numRuns: run.runs - generated,
      examples: examples.map((e): [Inputs] => [e]),
      // no interruptAfterTimeLimit: it abandons a run in flight, which could then start the tool
      // again after pixie stopped it; past the deadline the predicate sends nothing instead
    });
    const found = result.counterexample?.[0];
    // assigned inside the predicate, which TypeScript's narrowing cannot see
    const shrunkTo = last as { key: string; outcome: Failed } | null;
    const outcome = found && shrunkTo?.key === JSON.stringify(found) ? shrunkTo.outcome : undefined;
    if (!result.failed || !found || !outcome || target === null) break;
    // a boundary example changes one input of the sample: nothing smaller is left to try
    const minimal = result.numShrinks > 0 || offendingKeys(found, space.sample).length <= 1;
    known.set(target, { inputs: found, outcome, minimal, order: known.size });
  }
  for (const [group, p] of pending) if (!known.has(group) && known.size < MAX_FAILURES) known.set(group, p);
  const failures = [...known.entries()]
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([group, f]) => failureOf(f, Math.max(1, hits.get(group) ?? 0), space.sample));
  if (!stopped && known.size >= MAX_FAILURES)
    stopped = `stopped after ${MAX_FAILURES} different failures; fix these and explore again`;
  return { failures, runs: generated, requests, restarts, stopped };
}
