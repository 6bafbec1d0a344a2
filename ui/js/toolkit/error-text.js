// Errors from the commands as plain sentences for toasts. Pure: Node's test runner imports it.

/** How many problems a toast spells out; the rest are counted. */
export const PROBLEMS_SHOWN = 3;

/** "the roster was not saved" -> "The roster was not saved." (a sentence, whatever the source). */
export function sentence(text) {
  const trimmed = String(text ?? '').trim();
  if (!trimmed) return '';
  const first = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(first) ? first : `${first}.`;
}

/**
 * A command error as lines to show: the message's first line as a sentence, then each problem
 * (`path: message`) up to PROBLEMS_SHOWN, then how many more there are.
 */
export function errorLines(error) {
  const problems = Array.isArray(error?.problems) ? error.problems : [];
  const first = String(error?.message || 'Something went wrong').split('\n')[0];
  if (problems.length < 2) return [sentence(first)];
  // The problems are listed one per line below, so the message's own heading loses its count.
  const lines = [sentence(first.replace(/ \(\d+ problems\):$/, ''))];
  for (const problem of problems.slice(0, PROBLEMS_SHOWN)) {
    lines.push(sentence(problem.path ? `${problem.path}: ${problem.message}` : problem.message));
  }
  if (problems.length > PROBLEMS_SHOWN) lines.push(`… and ${problems.length - PROBLEMS_SHOWN} more.`);
  return lines;
}
