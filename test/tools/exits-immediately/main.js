// Breaks check 6: defines a handler but never starts a server, so the process exits 0 at once.
export function run(inputs) {
  return { total: inputs.a + inputs.b };
}
