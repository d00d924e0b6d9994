// Which of rolldown's native packages (one per platform, all optional) this machine loads.

/** rolldown's binding package for this machine, among the ones rolldown lists. */
export function bindingFor(candidates, platform = process.platform, arch = process.arch, glibc = isGlibc()) {
  const base = `@rolldown/binding-${platform}-${arch}`;
  const abi = platform === 'linux' ? (glibc ? '-gnu' : '-musl') : platform === 'win32' ? '-msvc' : '';
  return candidates.find((name) => name === base + abi) ?? candidates.find((name) => name === base) ?? null;
}

function isGlibc() {
  return Boolean(process.report?.getReport().header.glibcVersionRuntime);
}
