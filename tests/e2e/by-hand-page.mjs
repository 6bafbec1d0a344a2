// Dice rolled at the table as a test types them (ui/js/by-hand/): the dice inputs of a form or
// of the table's dialog, read in one go, typed one face at a time from the keyboard.

import { By, Key } from 'selenium-webdriver';
import { mayGrow } from '../../ui/js/by-hand/dice-entry-model.js';

export const WAIT_MS = 30_000;

/** The dice inputs under `scope` (a CSS selector): label, sides, text, focus; the progress line. */
export async function readDice(driver, scope) {
  return driver.executeScript((s) => {
    const root = document.querySelector(s);
    if (!root) return null;
    const inputs = [...root.querySelectorAll('.dice-entry input')];
    return {
      dice: inputs.map((input) => ({
        label: input.dataset.label,
        sides: Number(input.dataset.sides),
        value: input.value,
        focused: document.activeElement === input,
        earned: input.closest('.die-entry').classList.contains('earned'),
      })),
      status: root.querySelector('.dice-entry-status')?.textContent ?? '',
      outcome: root.querySelector('.by-hand-outcome')?.textContent ?? '',
      said: [...root.querySelectorAll('.dice-dialog-said li')].map((li) => li.textContent),
    };
  }, scope);
}

/** Waits until the dice under `scope` agree with `check`; answers them. */
export async function untilDice(driver, scope, check, message) {
  let seen = null;
  await driver.wait(async () => {
    seen = await readDice(driver, scope);
    return Boolean(seen && check(seen));
  }, WAIT_MS, message).catch((error) => {
    error.message += ` (last seen: ${JSON.stringify(seen)})`;
    throw error;
  });
  return seen;
}

/** How many dice the progress line counts in ("2 of 5 dice in.", "All 3 dice in."), or -1. */
function diceIn(status) {
  const all = /^All (\d+) dice in\./.exec(status);
  if (all) return Number(all[1]);
  if (/^The die is in\./.test(status)) return 1;
  const some = /^(\d+) of \d+ dice in\./.exec(status);
  return some ? Number(some[1]) : -1;
}

/**
 * Whether the engine's answer for die `index` holding its face is shown. A whole face moves
 * the focus on to the next die once that answer is drawn (an earned die included); the last
 * die (nothing to move to) and a face that may still grow ("1" on a d12) stay put: then the
 * progress line counts the die in. (A two-digit face typed into the last die can be seen
 * counted by the answer for its first digit: nothing on the page tells the two apart.)
 */
function answered(dice, index, face) {
  if (dice.dice[index + 1]?.focused) return true;
  const last = index === dice.dice.length - 1;
  if (!last && !mayGrow(String(face), dice.dice[index].sides)) return false;
  return diceIn(dice.status) >= index + 1;
}

/**
 * Types `face` into the first die without one, from the keyboard, and waits until the engine
 * has answered for it (see `answered`). Answers the dice after.
 */
export async function typeFace(driver, scope, face) {
  const before = await readDice(driver, scope);
  const index = before.dice.findIndex((d) => d.value === '');
  if (index < 0) throw new Error(`no die left to type ${face} into (${before.status})`);
  const inputs = await driver.findElements(By.css(`${scope} .dice-entry input`));
  await inputs[index].sendKeys(String(face));
  return untilDice(driver, scope, (d) => d.dice[index]?.value === String(face) && answered(d, index, face),
    `die ${index + 1} did not take ${face}`);
}

/** Presses Enter in the last die (every die in: the form rolls, the dialog plays). */
export async function enterOnLast(driver, scope) {
  const inputs = await driver.findElements(By.css(`${scope} .dice-entry input`));
  await inputs[inputs.length - 1].sendKeys(Key.ENTER);
}
