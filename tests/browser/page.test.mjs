// The page `hirp html` writes, opened from a file as a friend would open
// it: stepped with the buttons, the keys and the slider; a problem clicked
// lands on its step; no request leaves the page; a record's text stays text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { artefacts, browse, run, shot } from './helpers.mjs';

const local = (url) => url.startsWith('file:') || url.startsWith('data:') || url.startsWith('about:');

// Writes the page of `record` (a fixture's path, or text) and opens it.
async function open(t, name, args, input, viewport) {
  const out = join(artefacts, name + '.html');
  const written = run(['html', ...args, '-o', out], input);
  assert.ok(written.status === 0 || written.status === 1, written.stderr);
  const { page, problems } = await browse(t, local, viewport);
  await page.goto(pathToFileURL(out).href);
  return { page, problems };
}

const heading = (page) => page.locator('#heading').textContent();
const played = (page) => page.locator('#turn-line mark.played').textContent();
const board = (page) => page.locator('#board').innerHTML();

test('the buttons, the keys and the slider step through the game', async (t) => {
  const { page, problems } = await open(t, 'en', ['fixtures/rulebook/en.hirp']);
  assert.equal(await heading(page), 'Start: Gull to move');
  assert.equal(await page.locator('#counter').textContent(), 'Step 1 of 45');
  assert.ok(await page.locator('#first').isDisabled());
  const start = await board(page);
  await shot(page, 'page-start');

  await page.click('#next');
  assert.equal(await heading(page), 'G1, step 1 of 5: Ke');
  assert.equal(await played(page), 'Ke');
  const afterKe = await board(page);
  assert.notEqual(afterKe, start, 'the board changes');
  assert.equal(await page.locator('#board svg .pieces.gull .karve').count(), 1);

  await page.keyboard.press('ArrowRight');
  assert.equal(await heading(page), 'G1, steps 2–3 of 5: Hei');
  assert.equal(await played(page), 'Hei');
  assert.equal(await page.locator('#turn-line').textContent(), 'G1 KeHei (just played)Hei /');
  assert.notEqual(await board(page), afterKe);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await heading(page), 'G1, step 1 of 5: Ke');
  assert.equal(await board(page), afterKe);

  await page.keyboard.press('End');
  assert.equal(await page.locator('#counter').textContent(), 'Step 45 of 45');
  assert.match(await heading(page), /S5/);
  assert.ok(await page.locator('#next').isDisabled());
  await shot(page, 'page-end');
  await page.click('#first');
  assert.equal(await heading(page), 'Start: Gull to move');

  await page.locator('#slider').fill('12');
  assert.equal(await page.locator('#counter').textContent(), 'Step 13 of 45');
  await page.click('#previous');
  assert.equal(await page.locator('#counter').textContent(), 'Step 12 of 45');
  // The result is not told before the last step, unless asked for.
  assert.ok(await page.locator('#result').isHidden());
  await page.click('#show-result');
  assert.equal(await page.locator('#result').textContent(), 'Silfr wins by Drepið, doubled: 10 points');
  assert.ok(await page.locator('#show-result').isHidden());
  assert.deepEqual(problems, []);
});

test('a problem clicked lands on its step, its token marked', async (t) => {
  const { page, problems } = await open(t, 'en-problems', ['fixtures/rulebook/en.hirp']);
  const items = page.locator('#problems > li');
  assert.equal(await items.count(), 6);
  const severities = await items.evaluateAll((li) => li.map((n) => n.className));
  assert.deepEqual(severities, ['error', 'error', 'error', 'warning', 'error', 'advice']);
  await items.nth(1).locator('a').click();
  assert.equal(await heading(page), 'S3, step 5 of 5: Kh97');
  assert.equal(await page.locator('#turn-line .fault.error').textContent(), 'Kh97');
  assert.match(await page.locator('#turn-line').textContent(), /Kh97 \(just played\)× \(error\)/);
  assert.equal(await items.nth(1).getAttribute('aria-current'), 'step');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'heading');
  assert.match(await page.locator('#step-problems').textContent(), /no Karve there carries that crew/);
  await shot(page, 'page-problem');
  await items.nth(5).locator('a').click();
  assert.equal(await heading(page), 'Battles of S5');
  assert.equal(await page.locator('#battles table tr').count(), 2);
  assert.deepEqual(problems, []);
});

test('a phone shows the whole board, and a record of several games a picker', async (t) => {
  const { page, problems } = await open(t, 'match', ['fixtures/valid/17-match-to-five.hirp'], undefined,
    { width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} pixels wide`);
  const box = await page.locator('#board svg').boundingBox();
  assert.ok(box.width <= 390 && box.width > 300, JSON.stringify(box));
  assert.ok(await page.locator('#picker').isVisible());
  assert.equal(await page.locator('#game option').count(), 3);
  assert.equal(await page.locator('#game option').nth(1).textContent(),
    'game 2 of 3: Bjorn (Gull) against Ragna (Silfr): Silfr wins by a refused triple: 2 points, 1 turn');
  await page.selectOption('#game', '1');
  assert.equal(await page.locator('#game-name').textContent(), 'game 2 of 3: Bjorn (Gull) against Ragna (Silfr)');
  assert.equal(await heading(page), 'Start: Gull to move');
  await page.keyboard.press('End');
  assert.equal(await page.locator('#result').textContent(), 'Silfr wins by a refused triple: 2 points');
  await shot(page, 'page-phone');
  assert.deepEqual(problems, []);
});

test("a record's text is shown as text, never run", async (t) => {
  const record = '[Event "</script><img src=x onerror=alert(1)>"]\n\n' +
    'G1 KeHeiHei / ; <script>alert(2)</script>\nS1 He7He8He <b>bold</b>\n';
  const { page, problems } = await open(t, 'hostile', ['-'], record);
  assert.equal(await page.locator('img, b, #board script').count(), 0);
  await page.keyboard.press('End');
  assert.match(await page.locator('#turn-line').textContent(), /<b.*>bold<\/b/);
  // What a message quotes is code, set as text: the `<` found is a `<`.
  assert.match(await page.locator('#problems').textContent(), /found <(?!`)/);
  assert.ok((await page.locator('#problems code').allTextContents()).includes('<'));
  await shot(page, 'page-hostile');
  assert.deepEqual(problems, []);
  writeFileSync(join(artefacts, 'hostile.hirp'), record);
});

test("a tafl game file's heading and commentary are shown with its moves", async (t) => {
  const { page, problems } = await open(t, 'annotated', ['fixtures/tafl/opentafl/brandub-club-annotated.otg']);
  assert.equal(await page.locator('#game-name').textContent(), 'Ask (attackers) against Embla (defenders)');
  const about = await page.locator('#game-about').evaluate((dl) =>
    [...dl.children].map((node) => node.tagName + ' ' + node.textContent));
  assert.deepEqual(about.slice(0, 4), ['DT Event', 'DD Club evening', 'DT Round', 'DD 2']);
  assert.ok(about.includes('DD Brandub Club'), about.join(', '));
  // The start-comment on the first board, each move's commentary on its own.
  const comment = page.locator('#comment');
  assert.equal(await comment.locator('p').count(), 2);
  assert.match(await comment.textContent(), /The defenders play for a corner from the first move\./);
  await page.click('#next');
  assert.equal(await heading(page), 'After 1a');
  assert.equal(await comment.textContent(), 'The attackers open on the edge, away from the king.');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await heading(page), 'After 2a');
  assert.ok(await comment.isHidden(), 'a move with no commentary has none');
  await page.locator('#slider').fill('16');
  assert.equal(await heading(page), 'After 8b');
  assert.equal(await comment.locator('p').count(), 2);
  await shot(page, 'page-annotated');
  // No problem to show: OpenTafl's own shape is no problem.
  assert.equal(await page.locator('#problems').textContent(), 'None: the record is as the rules want it.');
  assert.deepEqual(problems, []);
});

test("a game file's annotations are shown as text, never run", async (t) => {
  const record = '[event:<b>Cup</b>]\n[attackers:</script><img src=x onerror=alert(1)>]\n' +
    '[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n' +
    '[start-comment:<script>alert(2)</script>]\n\n1. d2-c2 d3-c3\n[<i>first</i>|]\n';
  const { page, problems } = await open(t, 'hostile-tafl', ['-'], record);
  assert.equal(await page.locator('img, b, i, #comment script').count(), 0);
  assert.equal(await page.locator('#game-about dd').textContent(), '<b>Cup</b>');
  assert.equal(await page.locator('#comment').textContent(), '<script>alert(2)</script>');
  await page.click('#next');
  assert.equal(await page.locator('#comment').textContent(), '<i>first</i>');
  assert.deepEqual(problems, []);
});

test("a tafl game's variations are branches to step into and back out of", async (t) => {
  const { page, problems } = await open(t, 'variations', ['fixtures/tafl/valid/brandub/king_escaped_with_variations.otg']);
  const counter = () => page.locator('#counter').textContent();
  const choices = () => page.locator('#branches .branch-list button').allTextContents();
  assert.equal(await counter(), 'Step 1 of 7');
  await page.click('#next');
  assert.equal(await heading(page), 'After 1a');
  assert.equal(await page.locator('#branches .branch-heading').textContent(), 'Variations of 1a:');
  assert.deepEqual(await choices(), ['1a.1: f4-f7 e4-e7xf7 b4-b6 Kd4-e4', '1a.2: d2-c2 d3-d2']);
  await shot(page, 'page-variations');

  // A variation's first board, and the line of play it starts.
  await page.locator('#branches button', { hasText: '1a.1:' }).click();
  assert.equal(await heading(page), 'After 1a.1.1a');
  assert.equal(await played(page), 'f4-f7');
  assert.equal(await counter(), 'Step 2 of 5');
  assert.equal(await page.locator('#branches button[aria-current]').textContent(), '1a.1: f4-f7 e4-e7xf7 b4-b6 Kd4-e4');
  assert.match(await page.locator('#branches .in-branch').textContent(), /In variation 1a\.1\. Back to 1a/);
  await page.keyboard.press('ArrowRight');
  assert.equal(await heading(page), 'After 1a.1.1b');
  assert.equal(await page.locator('#turn-line').textContent(), '1a.1.1a. f4-f7 e4-e7xf7 (just played)');

  // A variation off the variation, to its end, and back.
  await page.locator('#branches button', { hasText: '1a.1.1a.1:' }).click();
  assert.equal(await heading(page), 'After 1a.1.1a.1.1b');
  await page.click('#last');
  assert.equal(await heading(page), 'After 1a.1.1a.1.2b');
  assert.equal(await counter(), 'Step 5 of 5');
  assert.ok(await page.locator('#next').isDisabled());
  await shot(page, 'page-variation-end');
  await page.locator('#branches button.back').click();
  assert.equal(await heading(page), 'After 1a.1.1b');
  await page.locator('#branches button.back').click();
  assert.equal(await heading(page), 'After 1a');
  assert.equal(await counter(), 'Step 2 of 7');
  await page.keyboard.press('End');
  assert.equal(await heading(page), 'After 3b');
  assert.deepEqual(await choices(), ['3b.1: Ka4-a6 g4-g6 Ka6-a7--']);
  assert.deepEqual(problems, []);
});

test("a variation's moves show their commentary, and the main line's its own", async (t) => {
  const { page, problems } = await open(t, 'variations-annotated',
    ['fixtures/tafl/opentafl/brandub-annotated-variations.otg']);
  const comment = page.locator('#comment');
  assert.equal(await page.locator('#game-name').textContent(), 'Ask (attackers) against Embla (defenders)');
  assert.match(await comment.textContent(), /The attackers try three openings\./);
  await page.click('#next');
  assert.equal(await heading(page), 'After 1a');
  assert.equal(await comment.textContent(), 'The attackers open towards the corner.');
  await page.locator('#branches button', { hasText: '1a.1:' }).click();
  assert.equal(await heading(page), 'After 1a.1.1a');
  assert.equal(await comment.textContent(), 'The other wing first.');
  await page.keyboard.press('ArrowRight');
  assert.equal(await comment.textContent(), 'A capture against the corner.');
  await page.locator('#branches button', { hasText: '1a.1.1a.1:' }).click();
  assert.equal(await heading(page), 'After 1a.1.1a.1.1b');
  assert.equal(await comment.textContent(), 'A quieter answer.');
  await shot(page, 'page-variation-commentary');
  await page.keyboard.press('ArrowRight');
  assert.ok(await comment.isHidden(), 'a move with no commentary has none');
  await page.locator('#branches button.back').click();
  await page.locator('#branches button.back').click();
  assert.equal(await heading(page), 'After 1a');
  assert.equal(await comment.textContent(), 'The attackers open towards the corner.');
  assert.deepEqual(problems, []);
});

test('a problem in a variation lands on its board in its line of play', async (t) => {
  const { page, problems } = await open(t, 'variation-problem',
    ['fixtures/tafl/invalid/brandub/err_move_not_orthogonal_in_a_variation.otg']);
  const items = page.locator('#problems > li');
  assert.equal(await items.count(), 1);
  assert.match(await items.first().textContent(), /\(1a\.1\.1a\.1\.2b, line 11, column 22\)/);
  await items.first().locator('a').click();
  assert.equal(await heading(page), 'After 1a.1.1a.1.2b');
  assert.equal(await page.locator('#turn-line .fault.error').textContent(), 'd4-e5');
  assert.equal(await page.locator('#counter').textContent(), 'Step 5 of 5');
  await page.click('#first');
  assert.equal(await heading(page), 'Start: the attackers to move');
  assert.deepEqual(problems, []);
});

test("a long code keeps to its box, and what a message quotes is code, never HTML", async (t) => {
  const record = '[rules:dim:7 <b>bold</b><img/src=x/onerror=alert(1)>:x start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. d2-c2\n';
  const { page, problems } = await open(t, 'long-code', ['fixtures/tafl/syntax/err_unlisted_rules_entry.otg'],
    undefined, { width: 1000, height: 800 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 1000, `the page is ${width} pixels wide`);
  const item = page.locator('#problems > li').first();
  const code = item.locator('.code');
  assert.equal(await code.textContent(), 'hirp::tafl::syntax::unlisted_rules_entry');
  const [inner, outer] = [await code.boundingBox(), await item.boundingBox()];
  assert.ok(inner.x + inner.width <= outer.x + outer.width + 0.5, `${JSON.stringify(inner)} runs out of ${JSON.stringify(outer)}`);
  assert.match(await item.textContent(), /— flavour is not an entry/);
  assert.deepEqual(await item.locator('code').allTextContents(), ['flavour', 'flavour']);
  await shot(page, 'page-long-code');
  assert.deepEqual(problems, []);

  const hostile = await open(t, 'quoted-html', ['-'], record);
  assert.equal(await hostile.page.locator('img, b').count(), 0);
  assert.ok((await hostile.page.locator('#problems code').allTextContents()).some((c) => c.includes('<img')));
  assert.deepEqual(hostile.problems, []);
});

test("a page says which game it is, its rules and pieces, and keeps the result to the end", async (t) => {
  const { page, problems } = await open(t, 'told', ['--rules', 'brandub', 'fixtures/tafl/archives/brandubh.csv']);
  const about = () => page.locator('#game-about').evaluate((dl) =>
    [...dl.children].map((node) => node.textContent));
  assert.equal(await page.locator('#game-name').textContent(), 'game 1 of 420');
  assert.deepEqual(await about(), ['Rules', 'brandub']);
  const legend = await page.locator('#legend').evaluate((dl) => [...dl.children].map((node) => node.textContent));
  assert.deepEqual(legend, ['Black stones', 'the attackers', 'White stones', 'the defenders',
    'The crossed white stone', 'their king']);
  assert.ok(await page.locator('#legend').isVisible());
  await page.selectOption('#game', '2');
  assert.ok(await page.locator('#result').isHidden(), 'no result before the last step');
  assert.match(await page.locator('#result-hidden').textContent(), /Told at the last step/);
  await page.keyboard.press('End');
  assert.equal(await page.locator('#result').textContent(), 'No one has won: the game is not over.');
  await page.keyboard.press('Home');
  assert.ok(await page.locator('#result').isHidden());
  await shot(page, 'page-told');
  assert.deepEqual(problems, []);

  const hirp = await open(t, 'told-hirp', ['fixtures/valid/17-match-to-five.hirp']);
  const fields = await hirp.page.locator('#game-about').evaluate((dl) => [...dl.children].map((node) => node.textContent));
  assert.deepEqual(fields.slice(0, 2), ['Match', 'Cup final']);
  assert.ok(!fields.includes('Result'), 'the Result tag is the result: ' + fields.join(', '));
  assert.ok(await hirp.page.locator('#legend-box').isHidden(), "HIRP's pictures say what their marks are");
  assert.ok(await hirp.page.locator('#result').isHidden());
  await hirp.page.click('#show-result');
  assert.equal(await hirp.page.locator('#result').textContent(), 'Gull wins by a refused double: 1 point');
  assert.deepEqual(hirp.problems, []);
});

test("on a phone the battles fit the screen, and the game picker is a tap target that tells each game", async (t) => {
  const { page, problems } = await open(t, 'battles-phone', ['fixtures/rulebook/en.hirp'], undefined,
    { width: 390, height: 844 });
  await page.locator('#problems > li').nth(5).locator('a').click();
  assert.equal(await heading(page), 'Battles of S5');
  const table = page.locator('#battles table');
  const [scroll, client] = await table.evaluate((node) => [node.scrollWidth, node.clientWidth]);
  assert.ok(scroll <= client, `the table is ${scroll} pixels wide in a box of ${client}`);
  const box = await table.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
  const cells = await table.locator('td').evaluateAll((tds) =>
    tds.map((td) => getComputedStyle(td, '::before').content.replace(/"/g, '') + td.textContent));
  assert.deepEqual(cells.slice(0, 3), ['battle: m', 'attackers: Silfr K2 from 3', 'power: 3']);
  await table.scrollIntoViewIfNeeded();
  await shot(page, 'page-battles-phone');
  assert.deepEqual(problems, []);

  const archive = await open(t, 'picker-phone', ['--rules', 'brandub', 'fixtures/tafl/archives/brandubh.csv'],
    undefined, { width: 390, height: 844 });
  const picker = await archive.page.locator('#game').boundingBox();
  assert.ok(picker.height >= 44 && picker.width >= 200, JSON.stringify(picker));
  assert.ok(picker.x + picker.width <= 390, JSON.stringify(picker));
  const options = await archive.page.locator('#game option').allTextContents();
  assert.equal(options.length, 420);
  assert.equal(options[0], 'game 1 of 420: not over, 4 moves');
  assert.equal(options[4], 'game 5 of 420: the defenders win: the king escaped, 20 moves');
  assert.deepEqual(archive.problems, []);
});
