'use strict';
// Steps through a page packed by hirp: boards, turn lines, battles and
// problems, and the other lines of play (variations) a game branches into.
// Record text is only ever set as text; the boards are SVG that hirp wrote
// and escaped.
(function () {
  const $ = (id) => document.getElementById(id);
  const SIGNS = { error: '×', warning: '⚠', advice: '☞' };
  const state = { data: null, game: 0, step: 0, path: [], told: new Set() };

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  // A message as nodes: what it quotes between backticks (`x`) as code,
  // the rest as text; every part is set as text, never as HTML. A lone
  // backtick stays as written.
  function prose(text) {
    const parts = String(text).split('`');
    if (parts.length % 2 === 0) parts[parts.length - 2] += '`' + parts.pop();
    return parts.map((part, n) => (n % 2 ? el('code', null, part) : document.createTextNode(part)));
  }

  // The index in `text` of the character at UTF-8 byte `byte`.
  function charIndex(text, byte) {
    let bytes = 0;
    let i = 0;
    while (i < text.length && bytes < byte) {
      const c = text.codePointAt(i);
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
      i += c >= 0x10000 ? 2 : 1;
    }
    return i;
  }

  function game() {
    return state.data && state.data.games[state.game];
  }

  // The lines of each step's board, as indices in `lines`: a step's runs
  // take lines of the table or of the board before it.
  function expand(g) {
    g.branches = g.branches || [];
    let previous = [];
    g.steps.forEach((step) => {
      const lines = [];
      for (let k = 0; k < step.board.length; k += 2) {
        const start = step.board[k];
        const count = step.board[k + 1];
        for (let n = 0; n < count; n++) lines.push(start >= 0 ? start + n : previous[-start - 1 + n]);
      }
      step.lines = lines;
      step.marks = step.marks || [];
      step.diagnostics = step.diagnostics || [];
      step.comment = step.comment || [];
      previous = lines;
    });
  }

  // The branch whose steps hold step `n`, or undefined in the main line.
  function branchOf(g, n) {
    return g.branches.find((b) => n >= b.steps[0] && n < b.steps[1]);
  }

  // The steps of the line of play through step `n`: the main line's, or
  // those before a branch starts and then the branch's.
  function path(g, n) {
    const branch = branchOf(g, n);
    if (!branch) {
      const end = g.branches.length ? Math.min(...g.branches.map((b) => b.steps[0])) : g.steps.length;
      return Array.from({ length: end }, (_, k) => k);
    }
    const before = path(g, branch.from);
    const steps = before.slice(0, before.indexOf(branch.from) + 1);
    for (let k = branch.steps[0]; k < branch.steps[1]; k++) steps.push(k);
    return steps;
  }

  // The step a branch stands for as another choice of move: the step its
  // first move replaces, for a branch's first step.
  function origin(g, n) {
    const branch = g.branches.find((b) => b.steps[0] === n && b.steps[0] < b.steps[1]);
    return branch ? branch.at : n;
  }

  function board(step) {
    return step.lines.map((n) => state.data.lines[n]).join('\n');
  }

  function sign(severity) {
    const node = el('span', 'sign ' + severity, SIGNS[severity] || '');
    node.setAttribute('aria-hidden', 'true');
    return node;
  }

  // The turn line, the token just played and the tokens at fault marked
  // by more than colour: a box, a wavy underline and a sign.
  function turnLine(step) {
    const box = $('turn-line');
    box.replaceChildren();
    if (!step.line) {
      box.textContent = 'No turn played yet.';
      return;
    }
    const text = step.line;
    const classes = new Array(text.length).fill('');
    const range = (r) => [charIndex(text, r[0]), charIndex(text, r[1])];
    const marks = [];
    if (step.played) {
      const [a, b] = range(step.played);
      for (let i = a; i < b; i++) classes[i] += ' played';
    }
    for (const mark of step.marks) {
      const [a, b] = range(mark.range);
      for (let i = a; i < Math.max(b, a + 1) && i < text.length; i++) classes[i] += ' fault ' + mark.severity;
      marks.push({ end: Math.max(b, a + 1), severity: mark.severity });
    }
    const ends = new Set(marks.map((m) => m.end));
    let start = 0;
    for (let i = 1; i <= text.length; i++) {
      if (i < text.length && classes[i] === classes[start] && !ends.has(i)) continue;
      const cls = classes[start].trim();
      const part = el(cls ? (cls.includes('played') ? 'mark' : 'span') : 'span', cls, text.slice(start, i));
      box.append(part);
      if (cls.includes('played') && (i === text.length || !classes[i].includes('played'))) {
        box.append(el('span', 'hidden-text', ' (just played)'));
      }
      for (const mark of marks) {
        if (mark.end === i) {
          box.append(sign(mark.severity), el('span', 'hidden-text', ' (' + mark.severity + ')'));
        }
      }
      start = i;
    }
  }

  function battles(step) {
    const box = $('battles');
    box.replaceChildren();
    if (!step.battles) return;
    const table = el('table');
    table.append(el('caption', null, 'Battles'));
    const head = el('tr');
    for (const name of step.battles.head) head.append(el('th', null, name));
    table.append(head);
    for (const row of step.battles.rows) {
      const tr = el('tr');
      row.forEach((cell, n) => {
        const td = el('td', null, cell);
        td.dataset.label = step.battles.head[n];
        tr.append(td);
      });
      table.append(tr);
    }
    box.append(table);
  }

  // What the record says of the game: the event, the date, the rules...
  function about(g) {
    const list = $('game-about');
    list.replaceChildren();
    for (const field of g.about || []) list.append(el('dt', null, field.label), el('dd', null, field.value));
    list.hidden = !list.children.length;
  }

  // The record's commentary on the step (on the first, its start-comment),
  // a paragraph each.
  function comment(step) {
    const box = $('comment');
    box.replaceChildren();
    for (const paragraph of step.comment) box.append(el('p', null, paragraph));
    box.hidden = !step.comment.length;
  }

  // One problem as a person reads it: sign, severity, where, message,
  // what the rules computed, and the help.
  function problem(d, link) {
    const item = el('li', d.severity);
    const where = (d.turn ? d.turn + ', ' : '') + 'line ' + d.line + ', column ' + d.column;
    const head = link === undefined ? el('span') : el('a');
    if (link !== undefined) {
      head.href = '#step-' + (link + 1);
      head.dataset.step = link;
    }
    head.append(sign(d.severity), el('strong', null, ' ' + d.severity + ': '), ...prose(d.message));
    item.append(head, ' (' + where + ') — ', ...prose(d.label), ' ', el('span', 'code', d.code));
    if (d.help) {
      const help = el('span', 'help', 'help: ');
      help.append(...prose(d.help));
      item.append(help);
    }
    return item;
  }

  function homes(g) {
    const found = new Array(g.diagnostics.length).fill(0);
    g.steps.forEach((step, n) => step.diagnostics.forEach((d) => { found[d] = n; }));
    return found;
  }

  function problems() {
    const g = game();
    const list = $('problems');
    list.replaceChildren();
    for (const d of state.data.diagnostics) list.append(problem(d));
    const at = homes(g);
    g.diagnostics.forEach((d, n) => {
      const item = problem(d, at[n]);
      item.dataset.index = n;
      list.append(item);
    });
    if (!list.children.length) list.append(el('li', 'none', 'None: the record is as the rules want it.'));
    $('game-name').textContent = g.name;
    about(g);
  }

  // The branch's moves, the first few, for its button.
  function firstMoves(branch) {
    const moves = branch.moves.split(' ');
    return moves.slice(0, 6).join(' ') + (moves.length > 6 ? ' …' : '');
  }

  // The other lines of play here: the variations of the move just
  // played, each a button that shows its first board; in a variation, the
  // way back to the line it branches from.
  function branches(g) {
    const box = $('branches');
    box.replaceChildren();
    const here = origin(g, state.step);
    const inBranch = branchOf(g, state.step);
    if (inBranch) {
      const to = inBranch.at === 0 ? 'the start' : g.steps[inBranch.at].heading.replace(/^After /, '');
      const back = el('button', 'back', 'Back to ' + to);
      back.type = 'button';
      back.dataset.step = inBranch.at;
      const where = el('p', 'in-branch', 'In variation ' + inBranch.label + '. ');
      where.append(back);
      box.append(where);
    }
    const choices = g.branches.filter((b) => b.at === here && b.steps[0] < b.steps[1]);
    if (!choices.length) return;
    const list = el('ul', 'branch-list');
    const what = here === 0 ? 'the start' : g.steps[here].heading.replace(/^After /, '');
    box.append(el('p', 'branch-heading', 'Variations of ' + what + ':'));
    if (here !== state.step) {
      const item = el('li');
      const main = el('button', null, 'the move played');
      main.type = 'button';
      main.dataset.step = here;
      item.append(main);
      list.append(item);
    }
    for (const b of choices) {
      const item = el('li');
      const button = el('button', b.steps[0] === state.step ? 'current' : null, b.label + ': ' + firstMoves(b));
      button.type = 'button';
      button.dataset.step = b.steps[0];
      if (b.steps[0] === state.step) button.setAttribute('aria-current', 'true');
      item.append(button);
      list.append(item);
    }
    box.append(list);
  }

  // The board is drawn no taller than the room the window leaves it under
  // what comes before it (on a page served with an editor, under its
  // heading), with the step controls under it: the heading, the board and
  // the controls are seen together, before and after a step.
  function fit() {
    const board = $('board');
    const served = document.body.classList.contains('served');
    const above = served ? $('heading').offsetHeight + 24 : board.getBoundingClientRect().top + window.scrollY;
    const below = $('controls').offsetHeight + 24;
    document.documentElement.style.setProperty('--board-room', Math.floor(window.innerHeight - above - below) + 'px');
    const svg = board.querySelector('svg');
    const width = svg && Number(svg.getAttribute('width'));
    const height = svg && Number(svg.getAttribute('height'));
    if (width > 0 && height > 0) board.style.setProperty('--board-ratio', String(width / height));
  }

  // The result, told at the main line's last step or once asked for, not
  // before: a game is followed without knowing how it ends.
  function result(g) {
    const end = !branchOf(g, state.step) && state.step === path(g, 0).length - 1;
    const told = end || state.told.has(state.game);
    $('result').textContent = told ? g.result || 'No one has won: the game is not over.' : '';
    $('result').hidden = !told;
    $('result-hidden').hidden = told;
  }

  // What the marks of the boards stand for, when the page says.
  function legend(data) {
    const list = $('legend');
    list.replaceChildren();
    for (const field of data.legend || []) list.append(el('dt', null, field.label), el('dd', null, field.value));
    $('legend-box').hidden = !list.children.length;
  }

  function render() {
    const g = game();
    const step = g.steps[state.step];
    const at = state.path.indexOf(state.step);
    const last = state.path.length - 1;
    $('heading').textContent = step.heading;
    $('board').innerHTML = board(step);
    const slider = $('slider');
    slider.max = last;
    slider.value = at;
    slider.setAttribute('aria-valuetext', step.heading);
    $('counter').textContent = 'Step ' + (at + 1) + ' of ' + state.path.length;
    $('first').disabled = $('previous').disabled = at === 0;
    $('next').disabled = $('last').disabled = at === last;
    fit();
    result(g);
    turnLine(step);
    comment(step);
    branches(g);
    battles(step);
    const mine = $('step-problems');
    mine.replaceChildren();
    for (const d of step.diagnostics) mine.append(problem(g.diagnostics[d]));
    for (const item of $('problems').children) {
      const shown = item.dataset.index !== undefined && step.diagnostics.includes(Number(item.dataset.index));
      if (shown) item.setAttribute('aria-current', 'step');
      else item.removeAttribute('aria-current');
    }
  }

  // Shows step `n` of the game, in the line of play through it.
  function go(n) {
    const g = game();
    if (!g) return;
    state.step = Math.max(0, Math.min(n, g.steps.length - 1));
    if (!state.path.includes(state.step)) state.path = path(g, state.step);
    render();
  }

  // Moves `by` steps along the line shown (Infinity: to its end).
  function along(by) {
    const at = state.path.indexOf(state.step);
    const to = Math.max(0, Math.min(at + by, state.path.length - 1));
    go(state.path[to]);
  }

  function pick(n, step) {
    state.game = n;
    state.path = [];
    $('game').value = String(n);
    problems();
    go(step === undefined ? 0 : step);
  }

  // A game as the picker offers it: its name, how it ended and how long
  // it is (`game 3 of 420: the defenders win: the king escaped, 17 moves`).
  function choice(g) {
    return g.name + ': ' + (g.result || 'not over') + (g.length ? ', ' + g.length : '');
  }

  // Shows a packed page; `keep` keeps the game and step shown when they
  // are still there.
  function show(data, keep) {
    const was = { game: state.game, step: state.step };
    state.data = data;
    if (!keep) state.told.clear();
    data.games.forEach(expand);
    legend(data);
    const picker = $('game');
    picker.replaceChildren();
    data.games.forEach((g, n) => picker.append(new Option(choice(g), String(n))));
    $('picker').hidden = data.games.length < 2;
    $('viewer').hidden = data.games.length === 0;
    if (!data.games.length) {
      // No game: nothing names one or says what it is.
      $('game-name').textContent = '';
      $('game-about').replaceChildren();
      $('game-about').hidden = true;
      return;
    }
    const n = keep && was.game < data.games.length ? was.game : 0;
    pick(n, keep ? was.step : 0);
  }

  function typing(target) {
    return target && /^(TEXTAREA|SELECT)$/.test(target.tagName) ||
      (target && target.tagName === 'INPUT' && target.type !== 'range');
  }

  function wire() {
    window.addEventListener('resize', () => { if (game()) fit(); });
    $('first').addEventListener('click', () => along(-Infinity));
    $('previous').addEventListener('click', () => along(-1));
    $('next').addEventListener('click', () => along(1));
    $('last').addEventListener('click', () => along(Infinity));
    $('slider').addEventListener('input', (e) => go(state.path[Number(e.target.value)]));
    $('branches').addEventListener('click', (e) => {
      const button = e.target.closest('button[data-step]');
      if (!button) return;
      const n = Number(button.dataset.step);
      state.path = path(game(), n);
      go(n);
    });
    $('game').addEventListener('change', (e) => pick(Number(e.target.value)));
    $('show-result').addEventListener('click', () => {
      state.told.add(state.game);
      result(game());
    });
    $('problems').addEventListener('click', (e) => {
      const link = e.target.closest('a[data-step]');
      if (!link) return;
      e.preventDefault();
      go(Number(link.dataset.step));
      $('heading').focus();
    });
    document.addEventListener('keydown', (e) => {
      if (!state.data || typing(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      const slider = e.target === $('slider');
      const moves = { ArrowLeft: -1, ArrowRight: 1 };
      if (e.key in moves && !slider) along(moves[e.key]);
      else if (e.key === 'Home' && !slider) along(-Infinity);
      else if (e.key === 'End' && !slider) along(Infinity);
      else return;
      e.preventDefault();
    });
  }

  window.HirpPage = { show, go, pick, charIndex, problem, prose, current: () => ({ game: state.game, step: state.step }) };
  wire();
  const data = $('page-data');
  if (data) show(JSON.parse(data.textContent));
})();
