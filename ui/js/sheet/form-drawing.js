// When a sheet's form is drawn: opened, only what its view shows first (first-screen.js), the
// rest at the start of the next frame, so the first frame is the top of the form alone (a form of
// 60 declarations built, styled and laid out whole took twice a frame's 16 ms). Redrawn (an
// edit, undo, a row action: focus may go anywhere in it), all at once. The form is aria-busy
// while a part of it is still to come.

/**
 * @param {HTMLElement} form the form element drawn into
 * @param {HTMLElement} view the box scrolling the sheet, whose bottom is the fold
 * @param {{whole: () => void, late: () => void}} on `whole` once the form is whole (at once or
 *   later); `late` after the rest was built by the next frame (not by `finish`)
 */
export function formDrawing(form, view, on) {
  /** @type {(() => void) | null} */
  let rest = null;

  function whole() {
    form.removeAttribute('aria-busy');
    on.whole();
  }

  /** Builds the part the first frame left out, if any. Whatever places something in the form
   *  (problems, derived values, 🎲 buttons) calls it first. */
  function finish() {
    if (!rest) return;
    const now = rest;
    rest = null;
    now();
    whole();
  }

  /**
   * Draws with `render(room)` (renderSheetForm with that room: the rest, or null when all is
   * built); with `firstScreen`, the room is the form's width and the view's height below its top.
   * @param {(room: {width: number, height: number} | null) => ((() => void) | null)} render
   * @returns {boolean} whether the form is whole now
   */
  function draw(render, firstScreen = false) {
    let room = null;
    if (firstScreen) {
      const box = form.getBoundingClientRect();
      room = { width: box.width, height: view.getBoundingClientRect().bottom - box.top };
    }
    rest = render(room);
    if (!rest) {
      whole();
      return true;
    }
    form.setAttribute('aria-busy', 'true');
    const waiting = rest;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      if (rest !== waiting) return;
      finish();
      on.late();
    }));
    return false;
  }

  return {
    draw,
    finish,
    /** Drops a part still to come (the sheet is closed). */
    cancel() {
      rest = null;
    },
  };
}
