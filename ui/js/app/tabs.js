// The app bar's tabs (role=tablist): click or arrow keys pick a view; one tab is in the Tab
// order at a time (roving tabindex), as the ARIA tabs pattern has it.

import { nextIndex } from '../rosters/list-nav.js';

const ARROWS = { ArrowRight: 'ArrowDown', ArrowLeft: 'ArrowUp', Home: 'Home', End: 'End' };

/**
 * Wires `tablist` (buttons `[role=tab][data-view][aria-controls]`). `onSelect(name)` is called
 * when the GM picks a tab. Returns `{show(name), names, current()}`; `show` changes what is
 * shown without calling `onSelect`.
 */
export function mountTabs(tablist, onSelect) {
  const doc = tablist.ownerDocument;
  const tabs = [...tablist.querySelectorAll('[role="tab"]')];
  const names = tabs.map((tab) => tab.dataset.view);
  let currentName = null;

  function show(name) {
    if (!names.includes(name)) return false;
    currentName = name;
    for (const tab of tabs) {
      const on = tab.dataset.view === name;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      doc.getElementById(tab.getAttribute('aria-controls')).hidden = !on;
    }
    return true;
  }

  for (const tab of tabs) {
    tab.addEventListener('click', () => onSelect(tab.dataset.view));
  }
  tablist.addEventListener('keydown', (event) => {
    const at = tabs.indexOf(event.target);
    const move = ARROWS[event.key];
    if (at < 0 || !move) return;
    const to = move === 'ArrowDown' && at === tabs.length - 1 ? 0 : move === 'ArrowUp' && at === 0 ? tabs.length - 1 : nextIndex(move, at, tabs.length);
    event.preventDefault();
    tabs[to].focus();
    onSelect(tabs[to].dataset.view);
  });
  // Clicks before this point went nowhere; tests wait for the mark before they click.
  tablist.dataset.ready = 'true';
  return { show, names, current: () => currentName };
}
