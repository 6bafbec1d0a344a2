// The system file of 60 sheet declarations that scripts/measure-sheet-form.mjs opens (issue 31:
// "a sheet form of a 60-field system drawn in under one frame"), and the `sheet:sixtyFields`
// screenshot scene shows: 24 numbers, 8 ratings lists of 4 suggested ratings, 8 trackers whose
// maximum is an expression, 8 checks, 6 choices, 6 texts, and 10 derived values.

/** The system's id. */
export const SIXTY_FIELDS = 'sixty-fields';
const ID = SIXTY_FIELDS;

/** The system file: 60 sheet declarations of every type, 10 derived values, one roll. */
export function sixtyFieldsFile() {
  const lines = ['format = 1', `id = "${ID}"`, 'version = 1', 'name = "Sixty Fields"', ''];
  const pad = (n) => String(n).padStart(2, '0');
  for (let i = 1; i <= 24; i += 1) lines.push(`[sheet.n${pad(i)}]`, 'type = "number"', `label = "Number ${i}"`, 'min = 0', 'max = 20', 'default = 10', '');
  for (let i = 1; i <= 8; i += 1) {
    lines.push(`[sheet.r${i}]`, 'type = "ratings"', `label = "Ratings ${i}"`, 'min = 0', 'max = 5', 'budget = 20', `suggested = ["a${i}", "b${i}", "c${i}", "d${i}"]`, '');
  }
  for (let i = 1; i <= 8; i += 1) lines.push(`[sheet.t${i}]`, 'type = "tracker"', `label = "Tracker ${i}"`, `max = "5 + @n${pad(i)} / 2"`, '');
  for (let i = 1; i <= 8; i += 1) lines.push(`[sheet.c${i}]`, 'type = "check"', `label = "Check ${i}"`, '');
  for (let i = 1; i <= 6; i += 1) lines.push(`[sheet.k${i}]`, 'type = "choice"', `label = "Choice ${i}"`, 'choices = ["one", "two", "three"]', '');
  for (let i = 1; i <= 6; i += 1) lines.push(`[sheet.x${i}]`, 'type = "text"', `label = "Text ${i}"`, 'max_chars = 500', '');
  lines.push('[derived]');
  for (let i = 1; i <= 10; i += 1) lines.push(`d${i} = { expr = "(@n${pad(i)} - 10) / 2", label = "Modifier ${i}" }`);
  lines.push('', '[rolls.check]', 'value = "d20 + @mod"', 'target = "@dc"', '', '[rolls.check.fields.mod]', 'min = -5', 'max = 5', 'from_sheet = "d1"', '',
    '[rolls.check.fields.dc]', 'min = 1', 'max = 30', 'default = 10', '');
  return lines.join('\n');
}
