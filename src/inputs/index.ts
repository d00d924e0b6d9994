// The input type registry: one rule per type of INPUT_TYPES, typed Record<InputType, …> so a type
// added there without its rule here does not compile. The rules are grouped by family in this folder.
import type { InputType } from '../model/manifest.js';
import { booleanRule, multiselectRule, optionRule, tagsRule } from './choices.js';
import { dateRangeRule, dateRule, datetimeRule, timeRule } from './dates.js';
import { mapBboxRule, mapMultipointRule, mapPointRule, mapPolygonRule } from './maps.js';
import { audioRule, fileRule, imageRule } from './media.js';
import { numberRule, sliderRule } from './numbers.js';
import type { InputTypeRule } from './rule.js';
import { hiddenRule, jsonRule, tableRule } from './structured.js';
import { colourRule, textRule } from './text.js';

export type { InputTypeRule, InputValues } from './rule.js';

const INPUT_TYPE_RULES: Record<InputType, InputTypeRule> = {
  text: textRule,
  textarea: textRule,
  number: numberRule,
  slider: sliderRule,
  select: optionRule,
  multiselect: multiselectRule,
  checkbox: booleanRule,
  toggle: booleanRule,
  radio: optionRule,
  date: dateRule,
  time: timeRule,
  datetime: datetimeRule,
  date_range: dateRangeRule,
  file: fileRule,
  image: imageRule,
  audio: audioRule,
  colour: colourRule,
  json: jsonRule,
  code: textRule,
  markdown: textRule,
  tags: tagsRule,
  autocomplete: textRule,
  table: tableRule,
  map_point: mapPointRule,
  map_bbox: mapBboxRule,
  map_polygon: mapPolygonRule,
  map_multipoint: mapMultipointRule,
  hidden: hiddenRule,
};

/**
 * The rule of a declared input. Every manifest that reaches a rule passed tool.json's schema, whose
 * enum is INPUT_TYPES; a type outside it (a manifest read without that check) gets undefined, and
 * its callers leave the input alone, as tool.json's check already names the type.
 */
export function inputTypeRule(type: string): InputTypeRule | undefined {
  return Object.hasOwn(INPUT_TYPE_RULES, type) ? INPUT_TYPE_RULES[type as InputType] : undefined;
}
