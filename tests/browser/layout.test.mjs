// Each kind of page looked at as a person first sees it, on a desktop, a
// small laptop and a phone: the step controls inside the window at load
// and after stepping, nothing wider than the window, and no text drawn
// below 9 pixels. A HIRP board's smallest labels (the areas' names, the
// supply panel) are drawn below 9 pixels once the board is narrower than
// some 950 pixels: its pages are not held to the last rule yet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { VIEWPORTS, artefacts, browse, layout, root, run, serve } from './helpers.mjs';

const local = (url) => url.startsWith('file:') || url.startsWith('data:') || url.startsWith('about:');

const PAGES = {
  hirp: ['fixtures/rulebook/en.hirp'],
  tafl: ['fixtures/tafl/opentafl/brandub-club-annotated.otg'],
  archive: ['--rules', 'brandub', 'fixtures/tafl/archives/brandubh.csv'],
};
const KINDS = { hirp: 'a HIRP page', tafl: 'a tafl game file\'s page', archive: 'a tafl archive\'s page' };

// What a person sees, asserted: the controls in the window, no sideways
// scroll, no text too small to read (where `small` holds).
function seen(found, where, small = true) {
  assert.deepEqual(found.controls, [], `${where}: controls out of the window`);
  assert.ok(found.scrollWidth <= found.innerWidth,
    `${where}: the page is ${found.scrollWidth} pixels wide in a window of ${found.innerWidth}`);
  if (small) assert.deepEqual(found.small, [], `${where}: text below 9 pixels`);
}

for (const [kind, args] of Object.entries(PAGES)) {
  for (const viewport of VIEWPORTS) {
    const name = `layout-${kind}-${viewport.width}x${viewport.height}`;
    test(`${KINDS[kind]} at ${viewport.width}×${viewport.height}`, async (t) => {
      const out = join(artefacts, name + '.html');
      const written = run(['html', ...args, '-o', out]);
      assert.ok(written.status === 0 || written.status === 1, written.stderr);
      const { page, problems } = await browse(t, local, viewport);
      await page.goto(pathToFileURL(out).href);
      await page.screenshot({ path: join(artefacts, name + '.png') });
      seen(await layout(page), 'at load', kind !== 'hirp');
      // Stepped with the keys, as the buttons would: the page does not move.
      for (let n = 0; n < 3; n++) await page.keyboard.press('ArrowRight');
      seen(await layout(page), 'after three steps', kind !== 'hirp');
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page scrolled');
      await page.keyboard.press('End');
      seen(await layout(page), 'at the last step', kind !== 'hirp');
      await page.screenshot({ path: join(artefacts, name + '-end.png') });
      assert.deepEqual(problems, []);
    });
  }
}

for (const viewport of VIEWPORTS) {
  test(`the served page at ${viewport.width}×${viewport.height}`, async (t) => {
    const address = await serve(t);
    const { page, problems } = await browse(t, (url) => url.startsWith(address), viewport);
    await page.goto(address);
    await page.locator('#record').fill(readFileSync(join(root, PAGES.tafl[0]), 'utf8'));
    await page.locator('#status').filter({ hasText: /game/ }).waitFor();
    // The viewer brought into view by its heading, as "Show the board" does.
    await page.locator('#heading').evaluate((h) => h.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(artefacts, `layout-serve-${viewport.width}x${viewport.height}.png`) });
    seen(await layout(page), 'with the viewer in view');
    for (let n = 0; n < 3; n++) await page.keyboard.press('ArrowRight');
    seen(await layout(page), 'after three steps');
    assert.deepEqual(problems, []);
  });
}
