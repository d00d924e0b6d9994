// The body of a POST /run (docs/tool-format.md, "POST /run"): the inputs, a fresh run id, and each
// input copied to the top level for tools written against the older body.
export function runBody(runId: string, inputs: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(inputs)) if (k !== 'run_id' && k !== 'inputs') body[k] = v;
  body.run_id = runId;
  body.inputs = inputs;
  return body;
}
