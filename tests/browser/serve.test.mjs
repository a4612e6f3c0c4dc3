// The page of `hirp serve`, used as a player would: the English edition
// pasted and its problems found at their places, a fix applied, the boards
// stepped through, the fixed record downloaded, the example loaded; a tafl
// game file and an archive checked, stepped through, fixed and downloaded
// as tafl; a line of hnefatafl.org's archive read and shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browse, root, run, serve, shot } from './helpers.mjs';

const english = readFileSync(join(root, 'fixtures/rulebook/en.hirp'), 'utf8');

async function served(t) {
  const address = await serve(t);
  const { page, problems } = await browse(t, (url) => url.startsWith(address) || url.startsWith('blob:'));
  await page.goto(address);
  return { page, problems };
}

const status = (page) => page.locator('#status');

test("the English edition pasted shows its problems at their places", async (t) => {
  const { page, problems } = await served(t);
  assert.ok(await page.locator('#viewer').isHidden(), 'no board before a record');
  await page.locator('#record').fill(english);
  await assertText(status(page), '1 game: 4 errors, 1 warning, 1 advice.');
  const marks = page.locator('#checked mark');
  const found = await marks.evaluateAll((ms) => ms.map((m) =>
    [m.closest('.src').querySelector('.no').textContent, m.className, m.textContent]));
  assert.deepEqual(found, [
    ['3', 'error', 'k'],
    ['6', 'error', 'Kh97'],
    ['8', 'error', 'Kh7>3'],
    ['10', 'warning', 'Khh3m'],
    ['10', 'error', 'Khei'],
    ['10', 'advice', '>mGLx'],
  ]);
  const notes = page.locator('#checked .note');
  assert.equal(await notes.count(), 6);
  assert.match(await notes.nth(1).textContent(), /no Karve there carries that crew — the Karve on 9 carries 2 Hirþs.*help: write Khh97/);
  assert.equal(await notes.nth(1).locator('.help code').textContent(), 'Khh97');
  await shot(page, 'serve-checked');

  // The problem's board, then the viewer stepped with the keys and buttons.
  await notes.nth(1).getByRole('button', { name: 'Show the board at S3' }).click();
  assert.equal(await page.locator('#heading').textContent(), 'S3, step 5 of 5: Kh97');
  assert.equal(await page.locator('#turn-line .fault.error').textContent(), 'Kh97');
  const before = await page.locator('#board').innerHTML();
  await page.keyboard.press('ArrowRight');
  assert.match(await page.locator('#heading').textContent(), /^(Battles of|After) S3/);
  assert.notEqual(await page.locator('#board').innerHTML(), before);
  await page.click('#previous');
  assert.equal(await page.locator('#heading').textContent(), 'S3, step 5 of 5: Kh97');
  await shot(page, 'serve-board');

  // The fix applied: one error fewer, the record's text changed.
  await notes.nth(1).getByRole('button', { name: 'Apply the fix: Khh97' }).click();
  await assertText(status(page), '1 game: 3 errors, 1 warning, 1 advice.');
  assert.match(await page.locator('#record').inputValue(), /S3 L9>6HeiKhh97 SdGa>6GHxSL6/);
  assert.deepEqual(problems, []);
});

test('the fixed and canonical records download as hirp writes them', async (t) => {
  const { page, problems } = await served(t);
  await page.locator('#record').fill(english);
  await assertText(status(page), '1 game: 4 errors, 1 warning, 1 advice.');
  const fixed = run(['fix', '-'], english).stdout;
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-fixed')]);
  assert.equal(download.suggestedFilename(), 'record.fixed.hirp');
  assert.equal(readFileSync(await download.path(), 'utf8'), fixed);
  const [canonical] = await Promise.all([page.waitForEvent('download'), page.click('#download-canonical')]);
  assert.equal(readFileSync(await canonical.path(), 'utf8'), run(['fmt', '-'], fixed).stdout);
  const [report] = await Promise.all([page.waitForEvent('download'), page.click('#download-report')]);
  const json = JSON.parse(readFileSync(await report.path(), 'utf8'));
  assert.equal(json.files[0].games[0].diagnostics.length, 6);
  assert.deepEqual(problems, []);
});

test('the example and a file load, and a record beyond the limits is a clear error', async (t) => {
  const { page, problems } = await served(t);
  await page.click('#example');
  await assertText(status(page), '1 game: 0 errors, 0 warnings, 1 advice.');
  assert.equal(await page.locator('#heading').textContent(), 'Start: Gull to move');
  await page.keyboard.press('End');
  assert.equal(await page.locator('#result').textContent(), 'Silfr wins by Drepið, doubled: 10 points');
  await shot(page, 'serve-example');
  await page.setInputFiles('#file', join(root, 'fixtures/rulebook/fr.hirp'));
  await assertText(status(page), '1 game: 5 errors, 1 warning, 1 advice.');
  assert.match(await page.locator('#record').inputValue(), /L9>6HeiKhkh97/);
  await page.locator('#record').fill('G1 KeHeiHei / ; ' + 'x'.repeat(70 * 1024) + '\n');
  await assertText(page.locator('#error'), /^the record goes beyond the reader's limits: this line is longer than 64 KiB/);
  assert.equal(await page.locator('#error').getAttribute('role'), 'alert');
  await shot(page, 'serve-error');
  assert.deepEqual(problems.filter((p) => !p.includes('422')), []);
});

// A Brandub game file whose second move leaves out its capture, a date
// tag before its rules: checked as tafl, its tags never rewritten.
const brandub = '[date:2015.05.04]\n' + readFileSync(join(root, 'fixtures/tafl/invalid/brandub/err_capture_missing.otg'), 'utf8');

test('a pasted tafl game file is checked, stepped through, fixed and downloaded as tafl', async (t) => {
  const { page, problems } = await served(t);
  assert.equal(await page.title(), 'Check a game record · hirp');
  await page.locator('#record').fill(brandub);
  await assertText(status(page), '1 game: 1 error, 0 warnings, 0 advice.');
  assert.equal(await page.locator('#title').textContent(), 'Check a tafl record: brandub');
  assert.equal(await page.title(), 'Check a tafl record: brandub · hirp');
  const marks = page.locator('#checked mark');
  assert.deepEqual(await marks.evaluateAll((ms) => ms.map((m) => [m.className, m.textContent])), [['error', 'e7']]);
  const note = page.locator('#checked .note');
  assert.match(await note.textContent(), /the move captures more than is written — e4-e7 captures f7.*help: write e4-e7xf7/);

  // The boards, stepped through from the start.
  assert.equal(await page.locator('#heading').textContent(), 'Start: the attackers to move');
  const start = await page.locator('#board').innerHTML();
  assert.match(start, /<svg/);
  await page.click('#next');
  assert.equal(await page.locator('#heading').textContent(), 'After 1a');
  assert.equal(await page.locator('#turn-line .played').textContent(), 'f4-f7');
  assert.notEqual(await page.locator('#board').innerHTML(), start);
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('#heading').textContent(), 'After 1b');
  assert.equal(await page.locator('#turn-line .fault.error').textContent(), 'e7');
  await note.getByRole('button', { name: 'Show the board at 1b' }).click();
  assert.equal(await page.locator('#heading').textContent(), 'After 1b');
  await shot(page, 'serve-tafl');

  // The fix applied: the capture written, the tags as they were.
  await note.getByRole('button', { name: 'Apply the fix: xf7' }).click();
  await assertText(status(page), '1 game: 0 errors, 0 warnings, 0 advice.');
  const fixed = await page.locator('#record').inputValue();
  assert.equal(fixed, brandub.replace('e4-e7', 'e4-e7xf7'));
  assert.match(fixed, /^\[date:2015\.05\.04\]\n\[rules:dim:7 /);

  // The fixed and canonical records download as hirp writes them.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-fixed')]);
  assert.equal(download.suggestedFilename(), 'record.fixed.otg');
  assert.equal(readFileSync(await download.path(), 'utf8'), run(['fix', '-'], fixed).stdout);
  const [canonical] = await Promise.all([page.waitForEvent('download'), page.click('#download-canonical')]);
  assert.equal(canonical.suggestedFilename(), 'record.canonical.otg');
  assert.equal(readFileSync(await canonical.path(), 'utf8'), run(['fmt', '-'], fixed).stdout);
  assert.deepEqual(problems, []);
});

test('an archive is checked under the rules chosen, and a file of either family opens', async (t) => {
  const { page, problems } = await served(t);
  const lines = readFileSync(join(root, 'fixtures/tafl/archives/brandubh.csv'), 'utf8').split('\n').slice(0, 3);
  await page.locator('#record').fill(lines.join('\n') + '\n');
  await assertText(status(page), '3 games: 3 errors, 0 warnings, 0 advice.');
  assert.equal(await page.locator('#title').textContent(), 'Check a tafl record');
  assert.equal(await page.locator('#heading').textContent(), "No board: the game's rule set is not known");
  await page.selectOption('#rules', 'brandubh-online');
  await assertText(status(page), '3 games: 0 errors, 0 warnings, 0 advice.');
  assert.equal(await page.locator('#title').textContent(), 'Check a tafl record: brandubh-online');
  await page.selectOption('#game', '1');
  await page.click('#last');
  assert.match(await page.locator('#heading').textContent(), /^After \d+[ab]$/);
  // Rules chosen override a game file's rules tag, as --rules does.
  await page.setInputFiles('#file', join(root, 'fixtures/tafl/opentafl/copenhagen-resigned.otg'));
  await assertText(status(page), /^1 game: [1-9]\d* errors/);
  await page.selectOption('#rules', '');
  // OpenTafl's own file under its tag: nothing to say (its tag order and
  // multi-line comment are notes of `--pedantic` only).
  await assertText(status(page), '1 game: 0 errors, 0 warnings, 0 advice.');
  assert.equal(await page.locator('#title').textContent(), 'Check a tafl record');
  await page.setInputFiles('#file', join(root, 'fixtures/rulebook/fr.hirp'));
  await assertText(status(page), '1 game: 5 errors, 1 warning, 1 advice.');
  assert.equal(await page.locator('#title').textContent(), 'Check a HIRP record');
  assert.deepEqual(problems, []);
});

test("a line of hnefatafl.org's archive pasted is read, its moves shown in the notation", async (t) => {
  const { page, problems } = await served(t);
  const line = readFileSync(join(root, 'fixtures/tafl/hnefatafl-org/mutations/archived-games-mutated.ron'), 'utf8').split('\n')[0];
  await paste(page, line + '\n');
  await assertText(status(page), '1 game: 1 error, 0 warnings, 0 advice.');
  assert.match(await page.locator('#title').textContent(), /^Check a tafl record/);
  assert.equal(await page.locator('#game-name').textContent(), 'ragnar (attackers) against Ægir (defenders)');
  // The problem is marked in the RON, where it is written.
  const marks = page.locator('#checked mark');
  assert.deepEqual(await marks.evaluateAll((ms) => ms.map((m) => m.className)), ['error']);
  assert.match(await marks.first().textContent(), /^\(size:_11,x:\d+,y:\d+\)$/);
  const note = page.locator('#checked .note');
  assert.match(await note.textContent(), /there is no piece on b5.*help: perhaps d5-c5/);
  // The boards show each turn's moves in the notation, the fault on its move.
  await note.getByRole('button', { name: 'Show the board at 8b' }).click();
  assert.equal(await page.locator('#heading').textContent(), 'After 8b');
  assert.match(await page.locator('#turn-line').textContent(), /^8\. k6-j6 b5-c5\b/);
  assert.equal(await page.locator('#turn-line .played').textContent(), 'b5-c5');
  assert.equal(await page.locator('#turn-line .fault.error').textContent(), 'b5-c5');
  await page.click('#first');
  await page.click('#next');
  assert.equal(await page.locator('#heading').textContent(), 'After 1a');
  assert.doesNotMatch(await page.locator('#turn-line').textContent(), /Play|role/);
  await shot(page, 'serve-ron');
  assert.deepEqual(problems, []);
});

// Waits until a locator's text is `expected` (a string or a pattern).
async function assertText(locator, expected, timeout = 10000) {
  const until = Date.now() + timeout;
  let text = '';
  while (Date.now() < until) {
    text = await locator.textContent();
    if (typeof expected === 'string' ? text === expected : expected.test(text)) return;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  assert.fail(`waited for ${expected}, found ${JSON.stringify(text)}`);
}

// A record pasted over the whole text, as a person pastes one: the paste,
// then the text it puts in place.
async function paste(page, text) {
  await page.locator('#record').evaluate((area) => {
    area.focus();
    area.select();
    area.dispatchEvent(new ClipboardEvent('paste', { bubbles: true }));
  });
  await page.locator('#record').fill(text);
}

test('a new record is checked from the top, and no game is named when there is none', async (t) => {
  const { page, problems } = await served(t);
  await paste(page, english);
  await assertText(status(page), '1 game: 4 errors, 1 warning, 1 advice.');
  assert.equal(await page.locator('#game-name').textContent(), 'game 1');
  const checked = page.locator('#checked');
  const bottom = await checked.evaluate((box) => { box.scrollTop = box.scrollHeight; return box.scrollTop; });
  assert.ok(bottom > 0, 'the check scrolls');

  // Another record pasted: its check is read from its first line.
  const tafl = readFileSync(join(root, 'fixtures/tafl/opentafl/brandub-club-annotated.otg'), 'utf8');
  await paste(page, tafl);
  await assertText(status(page), '1 game: 0 errors, 0 warnings, 0 advice.');
  assert.equal(await checked.evaluate((box) => box.scrollTop), 0);
  assert.equal(await page.locator('#game-name').textContent(), 'Ask (attackers) against Embla (defenders)');
  // Edited, not replaced: the check stays where it was read.
  await checked.evaluate((box) => { box.scrollTop = 200; });
  await page.locator('#record').press('End');
  await page.locator('#record').type(' ');
  await assertText(status(page), /^Checking…$|^1 game/);
  await assertText(status(page), '1 game: 0 errors, 0 warnings, 0 advice.');
  assert.ok(await checked.evaluate((box) => box.scrollTop) > 0, 'an edit keeps the place');

  // A record of no game, then none at all: nothing names a game.
  await paste(page, '; only a comment\n');
  await assertText(page.locator('#error'), /no game/);
  assert.equal(await page.locator('#game-name').textContent(), '');
  assert.ok(await page.locator('#game-about').isHidden());
  assert.ok(await page.locator('#viewer').isHidden());
  await paste(page, english);
  await assertText(status(page), '1 game: 4 errors, 1 warning, 1 advice.');
  assert.equal(await page.locator('#game-name').textContent(), 'game 1');
  await page.locator('#record').fill('');
  await assertText(status(page), '');
  assert.equal(await page.locator('#game-name').textContent(), '');
  assert.equal(await page.locator('#title').textContent(), 'Check a game record');
  await shot(page, 'serve-cleared');
  // The record of no game is refused (422), which the browser logs.
  assert.deepEqual(problems.filter((p) => !p.includes('422')), []);
});
