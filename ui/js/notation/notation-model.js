// The Notation field's model: where the engine's problems fall in the text typed, how each is
// worded beside the field, and which values go with the expression. Pure: no DOM, so Node's test
// runner imports it as it is. The problems, their columns and the names all come from Rust
// (`dice_check`); nothing here reads the notation itself.

/** @typedef {import('../../types/bindings').DiceProblem} DiceProblem */

/**
 * The text cut into runs for the mirror drawn under the input: `[{text, problem}]`, where
 * `problem` is the index of the first problem whose column starts the run's mark, or null. A
 * mark covers the character at the problem's column and the letters, digits, `@` and `_`
 * written straight after it (the word at fault: `k3` of `4d6k3`); a column past the end (`2d6+`
 * wants a value after +) marks one space after the text. Columns are 1-based and count
 * characters as the GM sees them (code points), as the engine counts them.
 * @param {string} text
 * @param {DiceProblem[]} problems
 * @returns {{text: string, problem: number | null}[]}
 */
export function markedRuns(text, problems) {
  const chars = [...text];
  /** @type {(number | null)[]} which problem marks each character (and one past the end) */
  const marks = new Array(chars.length + 1).fill(null);
  problems.forEach((problem, index) => {
    if (problem.field !== 'expr' || !Number.isInteger(problem.column)) return;
    const start = Math.min(Math.max(problem.column - 1, 0), chars.length);
    let end = start + 1;
    while (end < chars.length && /[\p{L}\p{N}@_]/u.test(chars[end]) && /[\p{L}\p{N}@_]/u.test(chars[start])) end += 1;
    for (let i = start; i < end; i += 1) if (marks[i] === null) marks[i] = index;
  });
  const padded = [...chars, '\u00a0'];
  const runs = [];
  for (let i = 0; i < padded.length; i += 1) {
    if (i === chars.length && marks[i] === null) break;
    const last = runs[runs.length - 1];
    if (last && last.problem === marks[i]) last.text += padded[i];
    else runs.push({ text: padded[i], problem: marks[i] });
  }
  return runs;
}

/**
 * A problem as the line beside the field reads it: "Column 4: did you mean kh3?", or for a
 * value given, "@bonus: 2000000 is out of range…" (the engine's own words after the place).
 * @param {DiceProblem} problem
 */
export function problemWords(problem) {
  if (Number.isInteger(problem.column)) return `Column ${problem.column}: ${problem.message}`;
  const name = problem.field.startsWith('values.') ? `@${problem.field.slice('values.'.length)}` : problem.field;
  return `${name}: ${problem.message}`;
}

/**
 * The values that go with the expression: of the `kept` values (every name's last typed value,
 * kept while the GM erases and retypes a name), those of `names` (the names it uses now).
 * @param {string[]} names
 * @param {Record<string, number>} kept
 * @returns {Record<string, number>}
 */
export function valuesOf(names, kept) {
  /** @type {Record<string, number>} */
  const values = {};
  for (const name of names) if (Object.hasOwn(kept, name)) values[name] = kept[name];
  return values;
}

/** Two lists of names are the same fields in the same order (no need to build them again). */
export function sameNames(a, b) {
  return a.length === b.length && a.every((name, i) => name === b[i]);
}
