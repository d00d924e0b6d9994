export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'sharp' || specifier.startsWith('sharp/')) {
    const err = new Error(`Cannot find package 'sharp' imported from ${context.parentURL ?? 'the entry point'}`);
    err.code = 'ERR_MODULE_NOT_FOUND';
    throw err;
  }
  return nextResolve(specifier, context);
}
