// The one element builder of the views: properties as attributes, text via textContent only.

/**
 * `el(doc, 'span', {className: 'x', text: 'y', 'aria-label': 'z'}, [children])`. `text` sets
 * textContent (never HTML); `true` sets an empty attribute; false, null and undefined set none.
 */
export function el(doc, tag, props = {}, children = []) {
  const node = doc.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else if (key === 'className') node.className = value;
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) node.append(child);
  return node;
}
