// Headless Chromium for the pages the app serves to other devices (the players' shared view):
// Debian's chromium driven by its own chromedriver through selenium-webdriver, as a phone or a
// laptop on the table's network would open the link. Only loopback addresses are ever opened.
// And Chromium's print to PDF, read back with poppler's pdftotext, for a printed sheet.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Builder } from 'selenium-webdriver';
import chrome from 'selenium-webdriver/chrome.js';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROMEDRIVER = process.env.CHROMEDRIVER || '/usr/bin/chromedriver';

/**
 * Starts headless Chromium at `width`×`height` (a phone by default), dark when `dark`.
 * Resolves to `{driver, stop}`.
 */
export async function startChromium({ width = 390, height = 844, dark = false } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'rollbook-chromium-'));
  const options = new chrome.Options()
    .setChromeBinaryPath(CHROMIUM)
    .addArguments(
      '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
      // The machine has no network but loopback: nothing may try to reach the outside.
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic',
      `--user-data-dir=${profile}`, `--window-size=${width},${height}`,
      ...(dark ? ['--force-dark-mode', '--blink-settings=preferredColorScheme=0'] : []),
    );
  const service = new chrome.ServiceBuilder(CHROMEDRIVER);
  const driver = await new Builder().forBrowser('chrome').setChromeOptions(options).setChromeService(service).build();
  await driver.manage().setTimeouts({ script: 30_000, pageLoad: 30_000, implicit: 0 });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await driver.quit().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  };
  return { driver, stop };
}

/**
 * Prints the HTML file `html` to the PDF file `pdf` with headless Chromium, as a GM's "Save as
 * PDF" does (scripts/print-sheets.sh prints the README's sheets the same way), and answers the
 * PDF's text as poppler's `pdftotext -layout` reads it.
 */
export function printToPdfText(html, pdf) {
  const profile = mkdtempSync(join(tmpdir(), 'rollbook-chromium-'));
  try {
    execFileSync(CHROMIUM, [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      `--user-data-dir=${profile}`, '--no-pdf-header-footer', `--print-to-pdf=${pdf}`, pathToFileURL(html).href,
    ], { stdio: ['ignore', 'ignore', 'ignore'], timeout: 120_000 });
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  return execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8', timeout: 60_000 });
}
