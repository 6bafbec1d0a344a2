// The window as a whole as a test sees it: its modal dialogs (closed by Esc, a click outside or
// a close button), the global search and the window's size. Every wait waits FOR something the
// GM would see.

import { By, Key, Origin } from 'selenium-webdriver';

export const WAIT_MS = 30_000;

export class WindowPage {
  constructor(driver, app = null) {
    this.driver = driver;
    this.app = app;
    this.window = null;
  }

  async waitFor(condition, message) {
    return this.driver.wait(condition, WAIT_MS, message);
  }

  /** The open dialogs: `[{className, title}]`, and what has the focus. */
  async read() {
    return this.driver.executeScript(() => {
      const active = document.activeElement;
      return {
        dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => ({ className: d.className, title: d.querySelector('.dialog-title')?.textContent ?? '' })),
        focus: active && active !== document.body ? (active.id ? `#${active.id}` : `${active.tagName.toLowerCase()}.${active.className}`) : null,
      };
    });
  }

  /** Waits until a dialog of class `className` is the one open. */
  async waitDialog(className) {
    await this.waitFor(async () => {
      const { dialogs } = await this.read();
      return dialogs.length === 1 && dialogs[0].className.split(' ').includes(className);
    }, `the ${className} did not open`);
  }

  async waitNoDialog(message = 'the dialog did not close') {
    await this.waitFor(async () => (await this.read()).dialogs.length === 0, message);
  }

  async press(...keys) {
    await this.driver.actions().sendKeys(...keys).perform();
  }

  async pressEscape() {
    await this.press(Key.ESCAPE);
  }

  /** A click on the window outside every open dialog (on its backdrop), near a corner. */
  async clickOutside() {
    const [x, y] = await this.driver.executeScript(() => {
      const boxes = [...document.querySelectorAll('dialog[open]')].map((d) => d.getBoundingClientRect());
      const inside = ([px, py]) => boxes.some((r) => px >= r.left && px <= r.right && py >= r.top && py <= r.bottom);
      const spots = [[12, innerHeight - 12], [innerWidth - 12, innerHeight - 12], [12, 12], [innerWidth - 12, 12]];
      return spots.find((spot) => !inside(spot)) ?? spots[0];
    });
    await this.driver.actions().move({ x, y, origin: Origin.VIEWPORT }).click().perform();
  }

  /** Clicks the element `selector` (inside the open dialog, usually). */
  async click(selector) {
    await (await this.driver.findElement(By.css(selector))).click();
  }

  /** Opens the global search with `how`: 'ctrl-k', 'slash' or 'button'. */
  async openSearch(how = 'ctrl-k') {
    if (how === 'button') await this.click('#search-button');
    else if (how === 'slash') await this.press('/');
    else await this.driver.actions().keyDown(Key.CONTROL).sendKeys('k').keyUp(Key.CONTROL).perform();
    await this.waitDialog('search-dialog');
  }

  /** The search box: what it holds, its note, the hits listed. */
  async readSearch() {
    return this.driver.executeScript(() => {
      const dialog = document.querySelector('dialog.search-dialog[open]');
      if (!dialog) return null;
      return {
        value: dialog.querySelector('#search-input').value,
        note: dialog.querySelector('.search-note').textContent,
        hits: dialog.querySelectorAll('#search-results [role="option"]').length,
        closeButton: (() => {
          const button = dialog.querySelector('.dialog-close');
          return button && button.getClientRects().length > 0 ? button.getAttribute('aria-label') : null;
        })(),
      };
    });
  }

  async typeInSearch(text) {
    await (await this.driver.findElement(By.css('#search-input'))).sendKeys(text);
  }

  /** Sets the outer window to `width`×`height` and waits until the page has the size. */
  async setSize(width, height) {
    await this.driver.manage().window().setRect({ width, height });
    await this.waitFor(async () => this.driver.executeScript((w, h) => innerWidth === w && innerHeight === h, width, height), `the window did not become ${width}×${height}`);
    await this.driver.executeAsyncScript((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
  }
}
