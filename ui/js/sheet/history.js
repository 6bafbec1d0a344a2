// The sheet editor's undo/redo history: immutable states, newest last. Typing in one field
// makes one undo step, not one per key: edits with the same `group` merge until the group
// changes or the history is sealed (the field lost focus). Pure: Node's test runner imports it.

export const HISTORY_LIMIT = 200;

/** A history whose present is `state`, with nothing to undo or redo. */
export function createHistory(state) {
  return { past: [], present: state, future: [], group: null };
}

/**
 * `state` becomes the present. With the same non-null `group` as the last edit it replaces that
 * edit (one undo step for a run of keystrokes in one field); otherwise the old present goes
 * into the past. Any redo is dropped. Recording the present itself changes nothing.
 */
export function record(history, state, group = null, limit = HISTORY_LIMIT) {
  if (state === history.present) return history;
  if (group !== null && group === history.group && history.past.length) {
    return { past: history.past, present: state, future: [], group };
  }
  const past = [...history.past, history.present];
  return { past: past.slice(Math.max(0, past.length - limit)), present: state, future: [], group };
}

/** Ends the current run of merged edits: the next edit is a step of its own. */
export function seal(history) {
  return history.group === null ? history : { ...history, group: null };
}

export function canUndo(history) {
  return history.past.length > 0;
}

export function canRedo(history) {
  return history.future.length > 0;
}

/** One step back; the same history when there is nothing to undo. */
export function undo(history) {
  if (!canUndo(history)) return history;
  const present = history.past[history.past.length - 1];
  return { past: history.past.slice(0, -1), present, future: [history.present, ...history.future], group: null };
}

/** One step forward again; the same history when there is nothing to redo. */
export function redo(history) {
  if (!canRedo(history)) return history;
  const [present, ...future] = history.future;
  return { past: [...history.past, history.present], present, future, group: null };
}
