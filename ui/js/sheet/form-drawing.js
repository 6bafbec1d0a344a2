// When a sheet's form is drawn: opened, only what its view shows first (first-screen.js), the
// rest at the start of the next frame, so the first frame is the top of the form alone (a form of
// 60 declarations built, styled and laid out whole took twice a frame's 16 ms). Redrawn (an
// undo, a row action: focus may go anywhere in it), all at once, over the form shown (only the
// cards that differ are built anew: form-redraw.js). The form is aria-busy
// while a part of it is still to come, and nothing is placed in it meanwhile (the editor keeps
// what the rules answered and places it once the form is whole: a problem or a 🎲 of a part not
// built yet would have gone to the "unplaced" line for a frame). The rules' answers came sooner
// than the first frame in the measure (scripts/measure-sheet-form.sh), so they must not build
// the rest: that drew it all in the first frame again.

/** A window not drawn (minimized) runs no frames: the rest is built after this much anyway. */
const REST_AFTER_MS = 1000;

/**
 * @param {HTMLElement} form the form element drawn into
 * @param {HTMLElement} view the box scrolling the sheet, whose bottom is the fold
 * @param {() => void} whole called once the form is whole, at once or when the rest is built
 */
export function formDrawing(form, view, whole) {
  /** @type {(() => void) | null} */
  let rest = null;

  function done() {
    form.removeAttribute('aria-busy');
    whole();
  }

  /**
   * Draws with `render(room)` (renderSheetForm with that room: the rest, or null when all is
   * built); with `firstScreen`, the room is the form's width and the view's height below its top.
   * @param {(room: {width: number, height: number} | null) => ((() => void) | null)} render
   */
  function draw(render, firstScreen = false) {
    let room = null;
    if (firstScreen) {
      const box = form.getBoundingClientRect();
      room = { width: box.width, height: view.getBoundingClientRect().bottom - box.top };
    }
    rest = render(room);
    if (!rest) {
      done();
      return;
    }
    form.setAttribute('aria-busy', 'true');
    const waiting = rest;
    const finish = () => {
      if (rest !== waiting) return;
      rest = null;
      waiting();
      done();
    };
    requestAnimationFrame(() => requestAnimationFrame(finish));
    setTimeout(finish, REST_AFTER_MS);
  }

  return {
    draw,
    /** Whether a part of the form is still to come (place nothing in it yet). */
    busy: () => rest !== null,
    /** Drops a part still to come (the sheet is closed). */
    cancel() {
      rest = null;
    },
  };
}
