// The house rules that are numbers (RULES.md: a ruling that is a number is the GM's to change per
// roster): the stunt Minor Damage dice and the d12 miss margin. Their defaults, ranges, labels
// and help are the catalog's `house_rule_numbers` (declared once in the rules crate); nothing
// here knows a number's range. Pure: Node's test runner imports it.

import { readInt } from '../form.js';

/**
 * The numbers a roster of `system` sets, from the catalog (empty without a catalog): the five's
 * `house_rule_numbers`, or those a system file declares (`files[].house_rule_numbers`, the same
 * shape, marked `fromFile`: their default is the file's, not RULES.md's).
 */
export function numbersFor(catalog, system) {
  const five = (catalog?.house_rule_numbers ?? []).filter((n) => n.system === system);
  const file = (catalog?.files ?? []).find((f) => f.id === system);
  const fromFile = (file?.house_rule_numbers ?? []).map((n) => ({ ...n, fromFile: true }));
  return [...five, ...fromFile];
}

/**
 * Whether the house rules dialog has anything to set for a roster of `system`: the stunt level
 * list and chart, or a number the catalog serves for it.
 */
export function hasHouseRules(catalog, system) {
  return system === 'stunt' || numbersFor(catalog, system).length > 0;
}

/** The typed text of each number, from the roster's house rules (the ruling when missing). */
export function editableNumbers(numbers, houseRules) {
  return Object.fromEntries(numbers.map((n) => [n.name, String(houseRules?.[n.name] ?? n.default)]));
}

/** The text of `number` set back to RULES.md's ruling. */
export function resetNumber(values, number) {
  return { ...values, [number.name]: String(number.default) };
}

/** Whether a typed value is RULES.md's ruling ("ruling") or the roster's house rule ("house"). */
export function standing(number, text) {
  const typed = readInt(text);
  return 'value' in typed && typed.value === number.default ? 'ruling' : 'house';
}

/** What the GM reads beside a number: the ruling, or a house rule against it. */
export function standingText(number, text) {
  if (number.fromFile) {
    return standing(number, text) === 'ruling'
      ? `The system file's default (${number.default}).`
      : `House rule: the system file's default is ${number.default}.`;
  }
  return standing(number, text) === 'ruling'
    ? `RULES.md's ruling (${number.default}).`
    : `House rule: RULES.md rules ${number.default}.`;
}

/**
 * The numbers to send (`{minor_damage_dice: 4}`) and the problems the dialog can see at once,
 * at the paths `roster_update` names (`house_rules.miss_margin`): not a whole number, or
 * outside the served range.
 */
export function readNumbers(numbers, values) {
  const read = {};
  const problems = [];
  for (const n of numbers) {
    const typed = readInt(values[n.name]);
    const path = `house_rules.${n.name}`;
    if ('reason' in typed) problems.push({ path, message: typed.reason });
    else if (typed.value < n.min || typed.value > n.max) {
      problems.push({ path, message: `${typed.value} is out of range: ${n.label} takes ${n.min} to ${n.max}.` });
    } else read[n.name] = typed.value;
  }
  return { numbers: read, problems };
}

/**
 * A roster's value of the number `name`: its house rule, else the served ruling; null when the
 * catalog does not serve it (read before the catalog came).
 */
export function numberValue(catalog, houseRules, name) {
  const number = (catalog?.house_rule_numbers ?? []).find((n) => n.name === name);
  if (!number) return null;
  return houseRules?.[name] ?? number.default;
}

/** Whether the roster's number `name` is a house rule (differs from the served ruling). */
export function isHouseRuled(catalog, houseRules, name) {
  const number = (catalog?.house_rule_numbers ?? []).find((n) => n.name === name);
  return Boolean(number) && numberValue(catalog, houseRules, name) !== number.default;
}
