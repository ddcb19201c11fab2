/* plypost board.js: click-to-move for the game page. Progressive enhancement: without it,
 * players type the move into the form. Vanilla ES2017, no build step.
 *
 * Contract with the server page:
 *  - The board <svg id="board"> made by plypost_board::render_board: one
 *    <rect class="sq" data-square="h2"> per square, pieces as
 *    <g class="pc pcw|pck" data-square="h2" data-image="king" transform="translate(x y)">
 *    <title>White King</title><use href="#pc-king"/></g> inside <g class="pieces">, overlays in
 *    <g class="hl-under"> and <g class="hl-over">. The sprite (plypost_board::sprite) is on the
 *    page, so every known image has a <symbol id="pc-IMAGE">.
 *  - <script type="application/json" id="legal-moves"> with an array of legal moves
 *    (empty or absent when it is not this viewer's turn):
 *      {"from":"h2","to":"j3","text":"Kh2-j3","promo":null|"Q"|"+R","promoName":null|"Queen",
 *       "changes":[["h2",null],["j3",{"image":"king","white":true,"title":"White King"}]]}
 *    "changes" lists every square whose content changes (castling, e.p., promotion); a piece
 *    may also carry "badge":"R" (the small corner mark of PieceView::badge).
 *    Moves sharing from+to differ by promotion; promo null = no promotion.
 *  - <form id="move-form"> with <input name="move"> (typing works without JS), a hidden ply
 *    field, a comment field and a submit button.
 * Behaviour: tap a piece with legal moves to select it (destinations are marked); tap a
 * destination to preview the move (after choosing the promotion when there is a choice); then
 * "Confirm move ..." fills the input and submits, "Cancel" restores the board. Tapping elsewhere
 * cancels. Submit buttons are disabled once the form is submitted. Keyboard: the board is
 * focusable; arrow keys move a cursor (<rect class="hl-cursor">), Enter/Space act as a tap,
 * Escape cancels.
 * The panel it adds is <div class="pp-move-panel"> right after the board (style it freely).
 */
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var board = document.getElementById('board');
  var form = document.getElementById('move-form');
  guardDoubleSubmit(form);
  var data = document.getElementById('legal-moves');
  if (!board || !form || !data) return;
  var moves;
  try { moves = JSON.parse(data.textContent); } catch (e) { return; }
  if (!Array.isArray(moves) || moves.length === 0) return;
  var input = form.querySelector('[name="move"]');
  var piecesLayer = board.querySelector('g.pieces');
  var under = board.querySelector('g.hl-under');
  var over = board.querySelector('g.hl-over');
  if (!input || !piecesLayer || !under || !over) return;

  var fromSquares = {};
  moves.forEach(function (m) { fromSquares[m.from] = true; });
  var selected = null;     // square name of the selected piece
  var saved = null;        // clone of the pieces layer while previewing
  var marks = [];          // overlay elements added by this script

  var panel = document.createElement('div');
  panel.className = 'pp-move-panel';
  panel.setAttribute('aria-live', 'polite');
  panel.hidden = true;
  board.insertAdjacentElement('afterend', panel);

  function attr(sq) { return '[data-square="' + (window.CSS && CSS.escape ? CSS.escape(String(sq)) : sq) + '"]'; }
  function pieceAt(sq) { return piecesLayer.querySelector('g.pc' + attr(sq)); }
  function squareRect(sq) { return board.querySelector('rect.sq' + attr(sq)); }
  function el(name, attrs) {
    var e = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    return e;
  }

  function markMovable(on) {
    Object.keys(fromSquares).forEach(function (sq) {
      var p = pieceAt(sq);
      if (p) p.classList.toggle('movable', on);
    });
  }

  function clearMarks() {
    marks.forEach(function (m) { m.remove(); });
    marks = [];
    board.querySelectorAll('rect.sq.target').forEach(function (r) { r.classList.remove('target'); });
  }

  function overlay(sq, kind) {
    var r = squareRect(sq);
    if (!r) return;
    var x = r.getAttribute('x'), y = r.getAttribute('y');
    var m;
    if (kind === 'sel') {
      m = el('rect', { 'class': 'hl-sel', x: x, y: y, width: 100, height: 100 });
      under.appendChild(m);
    } else {
      m = el('g', { 'class': 'hl-target', transform: 'translate(' + x + ' ' + y + ')' });
      m.appendChild(pieceAt(sq)
        ? el('circle', { 'class': 'hl-ring', cx: 50, cy: 50, r: 45 })
        : el('circle', { 'class': 'hl-dot', cx: 50, cy: 50, r: 17 }));
      over.appendChild(m);
      r.classList.add('target');
    }
    marks.push(m);
  }

  function select(sq) {
    clearMarks();
    selected = sq;
    overlay(sq, 'sel');
    var seen = {};
    moves.forEach(function (m) {
      if (m.from === sq && !seen[m.to]) { seen[m.to] = true; overlay(m.to, 'target'); }
    });
  }

  function reset() {
    clearMarks();
    if (saved) { piecesLayer.replaceWith(saved); piecesLayer = saved; saved = null; }
    selected = null;
    panel.hidden = true;
    panel.textContent = '';
    markMovable(true);
  }

  function drawPiece(sq, p) {
    var r = squareRect(sq);
    if (!r) return;
    var image = String(p.image || '').trim().toLowerCase().replace(/[ _]/g, '-');
    var known = image && document.getElementById('pc-' + image);
    var g = el('g', {
      'class': 'pc ' + (p.white ? 'pcw' : 'pck'), 'data-square': sq, 'data-image': image,
      transform: 'translate(' + r.getAttribute('x') + ' ' + r.getAttribute('y') + ')'
    });
    var t = el('title', {});
    t.textContent = p.title || image;
    g.appendChild(t);
    g.appendChild(el('use', { href: '#pc-' + (known ? image : 'generic'), width: 100, height: 100 }));
    if (!known) {
      var letter = el('text', { 'class': 'ppletter', x: 50, y: 60 });
      letter.textContent = (image.match(/[A-Za-z0-9]/) || ['?'])[0].toUpperCase();
      g.appendChild(letter);
    }
    if (p.badge) {
      var badge = el('g', { 'class': 'pc-badge' });
      badge.appendChild(el('circle', { cx: 83, cy: 17, r: 15 }));
      var bt = el('text', { x: 83, y: 24.5 });
      bt.textContent = String(p.badge);
      badge.appendChild(bt);
      g.appendChild(badge);
    }
    piecesLayer.appendChild(g);
  }

  function button(label, onClick, cls) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    if (cls) b.className = cls;
    b.addEventListener('click', function (ev) { ev.stopPropagation(); onClick(); });
    panel.appendChild(b);
    return b;
  }

  function preview(m) {
    clearMarks();
    markMovable(false);
    saved = piecesLayer.cloneNode(true);
    (m.changes || []).forEach(function (c) {
      var old = pieceAt(c[0]);
      if (old) old.remove();
      if (c[1]) drawPiece(c[0], c[1]);
    });
    overlay(m.from, 'sel');
    overlay(m.to, 'sel');
    panel.textContent = '';
    panel.hidden = false;
    var ok = button('Confirm move ' + m.text, function () {
      input.value = m.text;
      if (form.requestSubmit) form.requestSubmit(); else { disableSubmit(form); form.submit(); }
    }, 'pp-confirm');
    button('Cancel', reset, 'pp-cancel');
    ok.focus();
  }

  function choose(options) {
    panel.textContent = '';
    panel.hidden = false;
    var q = document.createElement('span');
    q.textContent = 'Promote to: ';
    panel.appendChild(q);
    options.forEach(function (m) {
      var b = button(m.promo === null || m.promo === undefined ? 'no promotion' : (m.promoName || m.promo),
        function () { preview(m); }, 'pp-promo');
      // Show the piece the move leaves on the destination, when the sprite has its image.
      var landing = (m.changes || []).filter(function (c) { return c[0] === m.to && c[1]; })[0];
      var image = landing && String(landing[1].image || '').trim().toLowerCase().replace(/[ _]/g, '-');
      if (image && document.getElementById('pc-' + image)) {
        var icon = el('svg', { viewBox: '0 0 100 100', width: 28, height: 28, 'aria-hidden': 'true' });
        icon.style.verticalAlign = 'middle';
        icon.style.marginRight = '.3em';
        icon.appendChild(el('use', { href: '#pc-' + image, width: 100, height: 100, 'class': landing[1].white ? 'pcw' : 'pck' }));
        b.insertBefore(icon, b.firstChild);
      }
    });
    button('Cancel', reset, 'pp-cancel');
  }

  function act(sq) {
    if (saved) { reset(); return; }           // a click on the board leaves the preview
    if (selected && sq) {
      var options = moves.filter(function (m) { return m.from === selected && m.to === sq; });
      if (options.length === 1) { preview(options[0]); return; }
      if (options.length > 1) { clearMarks(); overlay(selected, 'sel'); overlay(sq, 'sel'); choose(options); return; }
    }
    if (sq && sq !== selected && fromSquares[sq]) { panel.hidden = true; select(sq); return; }
    reset();
  }

  board.addEventListener('click', function (ev) {
    var hit = ev.target.closest ? ev.target.closest('[data-square]') : null;
    act(hit && board.contains(hit) ? hit.getAttribute('data-square') : null);
  });

  // Clicking outside the board and the panel drops a selection (not a pending preview).
  document.addEventListener('click', function (ev) {
    if (!selected || saved) return;
    if (board.contains(ev.target) || panel.contains(ev.target)) return;
    reset();
  });
  document.addEventListener('keydown', function (ev) {
    if (ev.key === 'Escape' && (selected || saved)) reset();
  });

  // Keyboard: the board takes focus; arrows move a cursor, Enter/Space act like a tap.
  var grid = {};
  board.querySelectorAll('rect.sq').forEach(function (r) {
    grid[r.getAttribute('x') + ',' + r.getAttribute('y')] = r.getAttribute('data-square');
  });
  var cursor = null, cursorMark = null;
  function moveCursor(sq) {
    var r = squareRect(sq);
    if (!r) return;
    cursor = sq;
    if (!cursorMark) {
      cursorMark = el('rect', { 'class': 'hl-cursor', width: 92, height: 92 });
      over.parentNode.appendChild(cursorMark);
    }
    cursorMark.setAttribute('x', +r.getAttribute('x') + 4);
    cursorMark.setAttribute('y', +r.getAttribute('y') + 4);
  }
  board.setAttribute('tabindex', '0');
  board.addEventListener('focus', function () { if (!cursor) moveCursor(Object.keys(fromSquares)[0]); });
  board.addEventListener('blur', function () {
    if (cursorMark) { cursorMark.remove(); cursorMark = null; cursor = null; }
  });
  board.addEventListener('keydown', function (ev) {
    var d = { ArrowLeft: [-100, 0], ArrowRight: [100, 0], ArrowUp: [0, -100], ArrowDown: [0, 100] }[ev.key];
    if (d && cursor) {
      var r = squareRect(cursor);
      var next = grid[(+r.getAttribute('x') + d[0]) + ',' + (+r.getAttribute('y') + d[1])];
      if (next) moveCursor(next);
      ev.preventDefault();
    } else if ((ev.key === 'Enter' || ev.key === ' ') && cursor) {
      act(cursor);
      ev.preventDefault();
    }
  });

  markMovable(true);

  function disableSubmit(f) {
    f.querySelectorAll('button[type="submit"], input[type="submit"], button:not([type])')
      .forEach(function (b) { b.disabled = true; });
  }

  function guardDoubleSubmit(f) {
    if (!f) return;
    var sent = false;
    f.addEventListener('submit', function (ev) {
      if (sent) { ev.preventDefault(); return; }
      sent = true;
      // Disable after the submission has captured the submitter's name/value.
      setTimeout(function () { disableSubmit(f); }, 0);
    });
  }
})();
