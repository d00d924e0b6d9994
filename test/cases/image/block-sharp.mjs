// `node --import ./block-sharp.mjs …` makes sharp unloadable for real (the degradation test), as
// when it is not installed: a module.register() resolve hook answers ERR_MODULE_NOT_FOUND to
// import('sharp'), and CommonJS resolution (pixie requires sharp's CommonJS build) answers
// MODULE_NOT_FOUND, as Node does for a package that is not there. module.register() hooks do not
// reach require() on Node 20, so that part wraps Module._resolveFilename, the function every
// require() resolves through.
import Module, { register } from 'node:module';

register('./block-sharp-hooks.mjs', import.meta.url);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'sharp' || request.startsWith('sharp/')) {
    const err = new Error(`Cannot find module '${request}'`);
    err.code = 'MODULE_NOT_FOUND';
    throw err;
  }
  return resolveFilename.call(this, request, ...rest);
};
