// npx tsx scripts/screenshot.ts URL OUT.png [width] — look at a page as a reader would.
import { chromium } from 'playwright-core';

const [url, out = '/tmp/shot.png', width = '1280'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 }, deviceScaleFactor: 1 });
const page = await context.newPage();
page.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
await page.goto(url!, { waitUntil: 'load' });
await page.evaluate(async () => {
  // Bring lazy images in before the capture.
  for (let y = 0; y < document.body.scrollHeight; y += 600) {
    window.scrollTo(0, y);
    await new Promise((r) => setTimeout(r, 60));
  }
  window.scrollTo(0, 0);
});
await page.waitForTimeout(400);
await page.screenshot({ path: out, fullPage: process.env.FULL !== '0' });
await browser.close();
console.log(out);
