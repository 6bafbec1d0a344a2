// A small die face drawn in SVG (the 🎲 emoji needs a colour emoji font, which many Linux
// machines lack; this draws the same everywhere and follows the text colour).

const SVG = 'http://www.w3.org/2000/svg';

function node(doc, tag, attrs) {
  const n = doc.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) n.setAttribute(key, String(value));
  return n;
}

/** A decorative die icon (hidden from screen readers: its button carries the words). */
export function dieIcon(doc) {
  const svg = node(doc, 'svg', { class: 'die-icon', viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', focusable: 'false' });
  svg.append(node(doc, 'rect', { x: 1.5, y: 1.5, width: 13, height: 13, rx: 3, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.5 }));
  for (const [cx, cy] of [[5, 5], [11, 5], [8, 8], [5, 11], [11, 11]]) {
    svg.append(node(doc, 'circle', { cx, cy, r: 1.3, fill: 'currentColor' }));
  }
  return svg;
}
