// Headless Chromium for the pages the app serves to other devices (the players' shared view):
// Debian's chromium driven by its own chromedriver through selenium-webdriver, as a phone or a
// laptop on the table's network would open the link. Only loopback addresses are ever opened.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
