// How long a roster's texts may be, as Rust declares and checks them (the catalog's
// `text_limits`, read once by the shell): inputs take their `maxlength` and their hints from here,
// never from a copy of the numbers.

/** @typedef {import('../types/bindings').TextLimits} TextLimits */

/**
 * `{maxlength}` for an input of the text `key` (`name`, `tag`, `npc_label`, `task_label`…), to
 * spread into its attributes; `{}` before the catalog came (Rust checks the text either way).
 * @param {{catalog?: {text_limits?: TextLimits} | null} | null | undefined} ctx
 * @param {keyof TextLimits} key
 * @returns {{maxlength?: string}}
 */
export function maxLength(ctx, key) {
  const limit = ctx?.catalog?.text_limits?.[key];
  return typeof limit === 'number' ? { maxlength: String(limit) } : {};
}

/**
 * "1 to 120 characters" (the served limit) for a name-like text, or "at least one character"
 * before the catalog came.
 * @param {{catalog?: {text_limits?: TextLimits} | null} | null | undefined} ctx
 * @param {keyof TextLimits} key
 */
export function lengthWords(ctx, key) {
  const limit = ctx?.catalog?.text_limits?.[key];
  return typeof limit === 'number' ? `1 to ${limit} characters` : 'at least one character';
}
