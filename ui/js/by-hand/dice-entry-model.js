// Dice rolled at the table and typed in, one input per die: what a die's input accepts, when
// typing moves on to the next die, which faces are in, and the words of how far the dice have
// come. Pure. The engine says which dice a roll reads (`roll_dice_asked`,
// `encounter_dice_asked`); nothing here knows a rule.

/**
 * What a die's text is: `{face}` for a face of the die, `{empty}` for nothing typed, else
 * `{reason}` (shown at the input).
 * @param {string} text @param {number} sides
 */
export function readFace(text, sides) {
  const trimmed = text.trim();
  if (trimmed === '') return { empty: true };
  if (!/^\d+$/.test(trimmed)) return { reason: `Type a number from 1 to ${sides}.` };
  const face = Number(trimmed);
  if (face < 1 || face > sides) return { reason: `A d${sides} shows 1 to ${sides}.` };
  return { face };
}

/**
 * Whether `text` can still become a face of a d`sides` by typing another digit: "1" on a d12
 * may be 1, 10, 11 or 12, so the input waits; "4" on a d12 or "1" on a d6 is whole.
 * @param {string} text @param {number} sides
 */
export function mayGrow(text, sides) {
  const read = readFace(text, sides);
  return 'face' in read && read.face * 10 <= sides;
}

/**
 * Whether typing `insert` into a die's input that holds `before` (with the selection replaced)
 * leaves something that is, or may still become, a face: digits only, never more than the die.
 * @param {string} next the input's text were the key accepted @param {number} sides
 */
export function acceptsText(next, sides) {
  if (next === '') return true;
  if (!/^\d+$/.test(next)) return false;
  const value = Number(next);
  return value >= 1 && value <= sides;
}

/**
 * The faces in, in order: each die's face up to the first die without one. `texts[i]` is the
 * text of die `i`.
 * @param {string[]} texts @param {{sides: number}[]} dice
 * @returns {number[]}
 */
export function facesIn(texts, dice) {
  const faces = [];
  for (let i = 0; i < dice.length; i += 1) {
    const read = readFace(texts[i] ?? '', dice[i].sides);
    if (!('face' in read)) break;
    faces.push(read.face);
  }
  return faces;
}

/**
 * How far the dice have come, in words: "2 of 5 dice in. Next: Defender d12 #1." or "All 3
 * dice in." An earned die says why it is asked for.
 * @param {{dice: {sides: number, label: string, earned: boolean}[], given: number}} progress
 */
export function progressText(progress) {
  const total = progress.dice.length;
  if (total === 0) return 'This rolls no dice.';
  const given = Math.min(progress.given, total);
  if (given >= total) return total === 1 ? 'The die is in.' : `All ${total} dice in.`;
  const next = progress.dice[given];
  const more = total - given;
  const count = given === 0 ? `${more === 1 ? 'One die' : `${more} dice`} to type in.` : `${given} of ${total} dice in.`;
  return `${count} Next: ${next.label} (d${next.sides}).`;
}
