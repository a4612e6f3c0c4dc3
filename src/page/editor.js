'use strict';
// The editor of `hirp serve`'s page: the record pasted, dropped or loaded
// is sent to the server's API as it changes, with the tafl rules chosen;
// the server tells its family (HIRP or tafl) from its file's name or its
// first line. Its problems are shown in its text with their help and
// repair, and its boards in the viewer.
(function () {
  const $ = (id) => document.getElementById(id);
  const record = $('record');
  // The server's routes, as its page names them.
  const api = $('editor').dataset;
  const SIGNS = { error: '×', warning: '⚠', advice: '☞' };
  // The name of the file opened, which the server reads the family from;
  // none for a record pasted or typed.
  let name = null;
  let timer = null;
  let asked = 0;
  // Whether the record was replaced whole (pasted over, dropped, opened,
  // the example loaded) since it was last checked: its check is then read
  // from the top.
  let fresh = false;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  async function post(path, text) {
    const query = new URLSearchParams();
    if (name) query.set('name', name);
    if ($('rules').value) query.set('rules', $('rules').value);
    const response = await fetch(path + '?' + query, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      body: text,
    });
    if (!response.ok) {
      let message = response.status + ' ' + response.statusText;
      try {
        message = (await response.json()).error || message;
      } catch (e) {
        // The status line says it.
      }
      throw new Error(message);
    }
    return response;
  }

  function say(text) {
    $('status').textContent = text;
  }

  function fail(message) {
    $('error').hidden = !message;
    $('error').textContent = message || '';
  }

  // The page's heading and title name the record's family, and a tafl
  // record's rules when they are a preset's, once it is known.
  function titled(family, rules) {
    const text = family ? 'Check a ' + family + ' record' + (rules ? ': ' + rules : '') : 'Check a game record';
    $('title').textContent = text;
    document.title = text + ' · hirp';
  }

  function counted(n, one, more) {
    return n + ' ' + (n === 1 ? one : more);
  }

  function summary(data) {
    const all = data.diagnostics.concat(...data.games.map((g) => g.diagnostics));
    const count = (s) => all.filter((d) => d.severity === s).length;
    const parts = [counted(count('error'), 'error', 'errors'), counted(count('warning'), 'warning', 'warnings'),
      counted(count('advice'), 'advice', 'advice')];
    return counted(data.games.length, 'game', 'games') + ': ' + parts.join(', ') + '.';
  }

  // Every problem with the game and step it is shown with.
  function located(data) {
    const all = data.diagnostics.map((d) => ({ d, game: -1, step: 0 }));
    data.games.forEach((g, game) => {
      const steps = new Array(g.diagnostics.length).fill(0);
      g.steps.forEach((step, n) => (step.diagnostics || []).forEach((k) => { steps[k] = n; }));
      g.diagnostics.forEach((d, k) => all.push({ d, game, step: steps[k] }));
    });
    return all.sort((a, b) => a.d.offset - b.d.offset);
  }

  function note(text, p) {
    const d = p.d;
    const box = el('div', 'note ' + d.severity);
    const sign = el('span', 'sign ' + d.severity, SIGNS[d.severity]);
    sign.setAttribute('aria-hidden', 'true');
    box.append(sign, el('strong', null, ' ' + d.severity + ': '), ...HirpPage.prose(d.message), ' — ',
      ...HirpPage.prose(d.label), ' ', el('span', 'code', d.code));
    if (d.help) {
      const help = el('span', 'help', 'help: ');
      help.append(...HirpPage.prose(d.help));
      box.append(help);
    }
    if (p.game >= 0) {
      const show = el('button', null, 'Show the board' + (d.turn ? ' at ' + d.turn : ''));
      show.type = 'button';
      show.addEventListener('click', () => {
        HirpPage.pick(p.game, p.step);
        $('heading').focus();
      });
      box.append(show);
    }
    if (d.fix) {
      const fix = el('button', null, 'Apply the fix' + (d.fix.replacement ? ': ' + d.fix.replacement : ''));
      fix.type = 'button';
      fix.addEventListener('click', () => {
        const from = HirpPage.charIndex(text, d.fix.offset);
        const to = HirpPage.charIndex(text, d.fix.offset + d.fix.length);
        record.value = text.slice(0, from) + d.fix.replacement + text.slice(to);
        check();
      });
      box.append(fix);
    }
    return box;
  }

  // The record line by line, each problem's token marked and the problem
  // written under its line.
  function checked(text, data) {
    const view = $('checked');
    view.replaceChildren();
    const byLine = new Map();
    for (const p of located(data)) {
      if (!byLine.has(p.d.line)) byLine.set(p.d.line, []);
      byLine.get(p.d.line).push(p);
    }
    const lines = text.split(/\r\n|\r|\n/);
    let at = 0;
    let offset = 0;
    lines.forEach((line, n) => {
      const row = el('div', 'src');
      row.append(el('span', 'no', String(n + 1)));
      const body = el('span', 'text');
      const here = byLine.get(n + 1) || [];
      let from = 0;
      for (const p of here) {
        const start = Math.max(from, HirpPage.charIndex(line, p.d.offset - offset));
        const end = Math.max(start, HirpPage.charIndex(line, p.d.offset + p.d.length - offset));
        body.append(line.slice(from, start));
        const mark = el('mark', p.d.severity, line.slice(start, end) || ' ');
        mark.title = p.d.severity + ': ' + p.d.message;
        body.append(mark);
        from = end;
      }
      body.append(line.slice(from));
      row.append(body);
      view.append(row);
      for (const p of here) view.append(note(text, p));
      at += line.length;
      const ending = text.slice(at).match(/^(\r\n|\r|\n)/);
      const taken = ending ? ending[0].length : 0;
      offset += new TextEncoder().encode(line).length + taken;
      at += taken;
    });
  }

  async function check() {
    const text = record.value;
    const mine = ++asked;
    if (!text.trim()) {
      name = null;
      titled(null);
      $('checked').replaceChildren();
      HirpPage.show({ title: '', games: [], lines: [], diagnostics: [] });
      fresh = true;
      fail(null);
      say('');
      return;
    }
    say('Checking…');
    try {
      const response = await post(api.page, text);
      const data = await response.json();
      if (mine !== asked) return;
      fail(null);
      titled(response.headers.get('Hirp-Family'), response.headers.get('Hirp-Rules'));
      HirpPage.show(data, true);
      checked(text, data);
      if (fresh) $('checked').scrollTop = 0;
      fresh = false;
      say(summary(data));
    } catch (err) {
      if (mine !== asked) return;
      // What was shown was another record's: no board, no game named.
      HirpPage.show({ title: '', games: [], lines: [], diagnostics: [] });
      $('checked').replaceChildren();
      fresh = true;
      say('');
      fail(err.message);
    }
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  }

  function save(file, type, content) {
    const url = URL.createObjectURL(new Blob([content], { type }));
    const link = el('a');
    link.href = url;
    link.download = file;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  async function download(what) {
    const text = record.value;
    const stem = (name || 'record').replace(/\.[^.]*$/, '');
    try {
      if (what === 'report') {
        save(stem + '.validation.json', 'application/json', await (await post(api.validate, text)).text());
        return;
      }
      const fixed = await (await post(api.fix, text)).json();
      if (what === 'fixed') save(stem + '.fixed.' + fixed.extension, 'text/plain', fixed.record);
      else if (fixed.canonical === null) fail('The record still has syntax errors once fixed: it has no canonical form.');
      else save(stem + '.canonical.' + fixed.extension, 'text/plain', fixed.canonical);
    } catch (err) {
      fail(err.message);
    }
  }

  async function open(file) {
    name = file.name || name;
    fresh = true;
    record.value = await file.text();
    check();
  }

  record.addEventListener('input', later);
  // A record pasted over the whole text is a new one: its family is told
  // from its first line, not from the name of the file opened before.
  record.addEventListener('paste', () => {
    if (record.selectionStart === 0 && record.selectionEnd === record.value.length) {
      name = null;
      fresh = true;
    }
  });
  record.addEventListener('dragover', (e) => {
    e.preventDefault();
    record.classList.add('dropping');
  });
  record.addEventListener('dragleave', () => record.classList.remove('dropping'));
  record.addEventListener('drop', (e) => {
    e.preventDefault();
    record.classList.remove('dropping');
    if (e.dataTransfer.files.length) open(e.dataTransfer.files[0]);
  });
  $('rules').addEventListener('change', check);
  $('file').addEventListener('change', (e) => {
    if (e.target.files.length) open(e.target.files[0]);
  });
  $('example').addEventListener('click', async () => {
    try {
      const response = await fetch(api.example);
      name = 'rulebook-example.hirp';
      record.value = await response.text();
      fresh = true;
      check();
    } catch (err) {
      fail(err.message);
    }
  });
  for (const what of ['report', 'canonical', 'fixed']) {
    $('download-' + what).addEventListener('click', () => download(what));
  }
  $('viewer').hidden = true;
  if (record.value.trim()) check();
})();
