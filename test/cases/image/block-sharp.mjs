// `node --import ./block-sharp.mjs …` makes sharp unloadable for real (the degradation test):
// a module.register() resolve hook answers ERR_MODULE_NOT_FOUND for 'sharp', as when it is not installed.
import { register } from 'node:module';

register('./block-sharp-hooks.mjs', import.meta.url);
