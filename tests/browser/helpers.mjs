// What the browser tests share: the hirp binary, Debian's Chromium driven
// by playwright-core with a fresh profile, and a folder for screenshots.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const hirp = process.env.HIRP_BIN || join(root, 'target', 'debug', 'hirp');
export const artefacts = join(root, 'target', 'browser');
mkdirSync(artefacts, { recursive: true });

const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync',
];

// A browser with a profile of its own, and a page that fails the test on
// any error of its script or any request that leaves `allowed`.
export async function browse(t, allowed, viewport = { width: 1280, height: 900 }) {
  const profile = mkdtempSync(join(tmpdir(), 'hirp-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ARGS,
    headless: true,
    viewport,
    acceptDownloads: true,
  });
  const page = context.pages()[0] || await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push('script error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console: ' + m.text()); });
  page.on('dialog', (d) => { problems.push('dialog: ' + d.message()); d.dismiss(); });
  page.on('request', (r) => { if (!allowed(r.url())) problems.push('request: ' + r.url()); });
  t.after(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });
  return { page, problems };
}

// Runs hirp; its exit status and output.
export function run(args, input) {
  const done = spawnSync(hirp, args, { cwd: root, input, encoding: 'utf8' });
  return { status: done.status, stdout: done.stdout, stderr: done.stderr };
}

// `hirp serve` on a free port: its address, stopped when the test ends.
export async function serve(t, args = []) {
  const child = spawn(hirp, ['serve', '--port', '0', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise((ok) => lines.once('line', ok));
  const address = first.match(/http:\/\/127\.0\.0\.1:\d+\//)[0];
  t.after(() => child.kill('SIGINT'));
  return address;
}

export async function shot(page, name) {
  await page.screenshot({ path: join(artefacts, name + '.png'), fullPage: true });
}

// The viewports a page is looked at in: a desktop, a small laptop, a phone.
export const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 1000, height: 800 },
  { width: 390, height: 844 },
];

// What a person sees of a page's layout: whether the step controls lie
// inside the viewport, how wide the document is, and the visible text
// rendered below 9 pixels (HTML text by its font size, SVG text by its
// font size times the scale the SVG is drawn at).
export async function layout(page) {
  return page.evaluate(() => {
    const inside = (node) => {
      const r = node.getBoundingClientRect();
      return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    };
    const controls = ['previous', 'next', 'slider'].filter((id) => !inside(document.getElementById(id)));
    const small = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, option, .hidden-text')) continue;
      const rects = parent.getClientRects();
      if (!rects.length || !parent.checkVisibility({ visibilityProperty: true })) continue;
      let size = parseFloat(getComputedStyle(parent).fontSize);
      if (parent instanceof SVGElement) {
        const m = parent.getScreenCTM();
        if (m) size *= Math.hypot(m.a, m.b);
      }
      if (size < 9) small.push(`${text.slice(0, 24)} (${size.toFixed(1)} px)`);
    }
    return {
      controls,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth,
      small: [...new Set(small)],
    };
  });
}
