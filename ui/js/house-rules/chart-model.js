// The stunt house rules as the dialog edits them: the ordered level names and the levels x
// levels chart of targets (`chart[active][defending]`). Every change answers a new value (the
// old one is kept for Cancel). Pure: Node's test runner imports it.

import { readInt } from '../form.js';

/** A copy of a roster's stunt rules to edit. */
export function editableRules(stunt) {
  return { levels: [...(stunt?.levels ?? [])], chart: (stunt?.chart ?? []).map((row) => [...row]) };
}

export function renameLevel(rules, index, name) {
  const levels = [...rules.levels];
  levels[index] = name;
  return { ...rules, levels };
}

export function setCell(rules, active, defending, value) {
  const chart = rules.chart.map((row, a) => (a === active ? row.map((cell, d) => (d === defending ? value : cell)) : row));
  return { ...rules, chart };
}

/**
 * The target the chart gives, on the whole, to a difference `defending - active`: the most
 * common whole number on that diagonal (the ruled chart is constant along each one), or the
 * nearest diagonal's when the chart has none that far out. Null for an empty chart.
 */
export function targetForDifference(chart, difference) {
  const byDifference = new Map();
  chart.forEach((row, a) => row.forEach((cell, d) => {
    if (!Number.isSafeInteger(cell)) return;
    const counts = byDifference.get(d - a) ?? new Map();
    counts.set(cell, (counts.get(cell) ?? 0) + 1);
    byDifference.set(d - a, counts);
  }));
  if (!byDifference.size) return null;
  const known = [...byDifference.keys()];
  const nearest = known.reduce((best, k) => (Math.abs(k - difference) < Math.abs(best - difference) ? k : best), known[0]);
  const counts = [...byDifference.get(nearest)];
  return counts.reduce((best, entry) => (entry[1] > best[1] ? entry : best), counts[0])[0];
}

/** A name for a new level that the list does not have yet. */
export function newLevelName(levels) {
  const taken = new Set(levels.map((l) => String(l).trim().toLowerCase()));
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? 'New level' : `New level ${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/**
 * Inserts a level at `index` (default: the end). Its row and column are filled from the chart
 * itself, diagonal by diagonal, so the GM starts from a chart consistent with the rest.
 */
export function addLevel(rules, index = rules.levels.length, name = newLevelName(rules.levels)) {
  const n = rules.levels.length + 1;
  const levels = [...rules.levels.slice(0, index), name, ...rules.levels.slice(index)];
  const old = (i) => (i < index ? i : i - 1);
  const fallback = 12;
  const chart = Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, d) => {
    if (a !== index && d !== index) return rules.chart[old(a)][old(d)];
    return targetForDifference(rules.chart, d - a) ?? fallback;
  }));
  return { levels, chart };
}

export function removeLevel(rules, index) {
  const keep = (_, i) => i !== index;
  return { levels: rules.levels.filter(keep), chart: rules.chart.filter(keep).map((row) => row.filter(keep)) };
}

/** Moves a level (its name, its row and its column) from `from` to `to`. */
export function moveLevel(rules, from, to) {
  const n = rules.levels.length;
  if (from === to || from < 0 || to < 0 || from >= n || to >= n) return rules;
  const order = [...Array(n).keys()];
  order.splice(to, 0, ...order.splice(from, 1));
  return {
    levels: order.map((i) => rules.levels[i]),
    chart: order.map((a) => order.map((d) => rules.chart[a][d])),
  };
}

/**
 * The house rules to send (`{stunt: {levels, chart}}`, names trimmed) and the problems only
 * the dialog can see: a cell that is not a whole number. Paths as the Rust side writes them.
 */
export function readRules(rules) {
  const problems = [];
  const chart = rules.chart.map((row, a) => row.map((cell, d) => {
    if (Number.isSafeInteger(cell)) return cell;
    const typed = readInt(cell);
    if ('reason' in typed) {
      problems.push({ path: `house_rules.stunt.chart[${a}][${d}]`, message: typed.reason });
      return cell;
    }
    return typed.value;
  }));
  return { houseRules: { stunt: { levels: rules.levels.map((l) => l.trim()), chart } }, problems };
}

/** Where an arrow key goes from cell (row, col) of an n x n grid; null when it leaves the grid. */
export function stepCell(row, col, key, n) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (key === 'Home') return { row, col: 0 };
  if (key === 'End') return { row, col: n - 1 };
  const move = moves[key];
  if (!move) return null;
  const next = { row: row + move[0], col: col + move[1] };
  return next.row >= 0 && next.row < n && next.col >= 0 && next.col < n ? next : null;
}
