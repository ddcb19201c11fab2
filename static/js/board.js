/* plypost board.js: the game page's board and its helpers. Progressive enhancement: without
 * it, players type the move into the form, flip the board with a link and open the diagrams on
 * the preset page. Vanilla ES2017, no build step.
 *
 * Contract with the server page:
 *  - The board <svg id="board"> made by plypost_board::render_board: one
 *    <rect class="sq" data-square="h2"> per square, pieces as
 *    <g class="pc pcw|pck" data-square="h2" data-image="king" transform="translate(x y)">
 *    <title>White King (K)</title><use href="#pc-king"/></g> inside <g class="pieces">, overlays
 *    in <g class="hl-under"> and <g class="hl-over">, coordinates in <g class="coords">. The
 *    sprite (plypost_board::sprite) is on the page, so every known image has a <symbol>.
 *  - <script type="application/json" id="legal-moves"> with the legal moves of the side to move
 *    (empty when the game is over):
 *      {"from":"h2","to":"j3","text":"Kh2-j3","promo":null|"Q"|"+R","promoName":null|"Queen",
 *       "changes":[["h2",null],["j3",{"image":"king","white":true,"title":"White King (K)"}]]}
 *    "changes" lists every square whose content changes (castling, e.p., promotion); a piece
 *    may also carry "badge":"R". Moves sharing from+to differ by promotion.
 *  - <form id="move-form"> with <input name="move"> only when the viewer may move now.
 *  - Optional: <p id="board-status"> (the live region that names what is tapped),
 *    <a id="flip-board"> (the no-JS flip link), <div id="move-scroll"> (the move list box),
 *    <details id="legend-diagrams" data-src="..."> (diagrams fetched when opened),
 *    <div id="board-text"> (the position in words, the board's description).
 * Behaviour: tapping any piece names it in the live region and marks its legal moves (when it
 * belongs to the side to move). A player to move then taps a destination to preview the move
 * (after choosing the promotion when there is a choice); "Confirm move ..." fills the input and
 * submits, "Cancel" restores the board. Keyboard: the board is focusable; arrow keys move a
 * cursor (<rect class="hl-cursor">, the square is also in data-cursor and announced),
 * Enter/Space act as a tap, Escape cancels.
 */
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  // The page's words for the script, in the page's language (`#board-texts`, JSON of
  // message texts with {name} holes); English when a page has none.
  var texts = {};
  var textData = document.getElementById('board-texts');
  if (textData) { try { texts = JSON.parse(textData.textContent) || {}; } catch (e) { texts = {}; } }
  function tr(key, english, vars) {
    var text = typeof texts[key] === 'string' ? texts[key] : english;
    Object.keys(vars || {}).forEach(function (k) { text = text.split('{' + k + '}').join(vars[k]); });
    return text;
  }

  var form = document.getElementById('move-form');
  guardDoubleSubmit(form);
  forgetRefusedPost();
  scrollMoveList();
  lazyDiagrams();

  var board = document.getElementById('board');
  if (!board || board.namespaceURI !== NS) return;
  var piecesLayer = board.querySelector('g.pieces');
  var under = board.querySelector('g.hl-under');
  var over = board.querySelector('g.hl-over');
  if (!piecesLayer || !under || !over) return;
  var moves = [];
  var data = document.getElementById('legal-moves');
  if (data) { try { moves = JSON.parse(data.textContent); } catch (e) { moves = []; } }
  if (!Array.isArray(moves)) moves = [];
  var input = form && form.querySelector('[name="move"]');
  var canPlay = !!input && moves.length > 0;

  var fromSquares = {};
  moves.forEach(function (m) { fromSquares[m.from] = true; });
  var selected = null;     // square name of the selected piece
  var saved = null;        // clone of the pieces layer while previewing
  var marks = [];          // overlay elements added by this script

  var panel = document.createElement('div');
  panel.className = 'pp-move-panel';
  panel.hidden = true;
  board.insertAdjacentElement('afterend', panel);
  var status = document.getElementById('board-status');
  if (!status) {
    status = document.createElement('p');
    status.className = 'board-status';
    status.id = 'board-status';
    status.setAttribute('role', 'status');
    panel.insertAdjacentElement('afterend', status);
  }
  function say(text) { status.textContent = text; }

  function attr(sq) { return '[data-square="' + (window.CSS && CSS.escape ? CSS.escape(String(sq)) : sq) + '"]'; }
  function pieceAt(sq) { return piecesLayer.querySelector('g.pc' + attr(sq)); }
  function squareRect(sq) { return board.querySelector('rect.sq' + attr(sq)); }
  function el(name, attrs) {
    var e = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    return e;
  }
  function pieceName(sq) {
    var p = pieceAt(sq);
    var t = p && p.querySelector('title');
    return t ? t.textContent : null;
  }
  function destinations(sq) {
    var seen = {}, out = [];
    moves.forEach(function (m) {
      if (m.from === sq && !seen[m.to]) { seen[m.to] = true; out.push(m.to); }
    });
    return out;
  }
  // Whether the piece on `sq` is of the side to move (some piece of its colour has a move).
  function sideToMove(sq) {
    var p = pieceAt(sq);
    if (!p) return false;
    var white = p.classList.contains('pcw');
    return Object.keys(fromSquares).some(function (f) {
      var q = pieceAt(f);
      return q && q.classList.contains('pcw') === white;
    });
  }

  function markMovable(on) {
    if (!canPlay) return;
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
      m = el('rect', { 'class': 'hl-sel', x: x, y: y, width: 100, height: 100, 'data-square': sq });
      under.appendChild(m);
    } else {
      m = el('g', { 'class': 'hl-target', 'data-square': sq, transform: 'translate(' + x + ' ' + y + ')' });
      m.appendChild(pieceAt(sq)
        ? el('circle', { 'class': 'hl-ring', cx: 50, cy: 50, r: 45 })
        : el('circle', { 'class': 'hl-dot', cx: 50, cy: 50, r: 17 }));
      over.appendChild(m);
      r.classList.add('target');
    }
    marks.push(m);
  }

  // Selects the piece on `sq`: names it and marks where it can go now.
  function select(sq) {
    clearMarks();
    panel.hidden = true;
    selected = sq;
    overlay(sq, 'sel');
    var to = destinations(sq);
    to.forEach(function (t) { overlay(t, 'target'); });
    var name = tr('located', '{piece} on {square}', { piece: pieceName(sq), square: sq });
    if (to.length) {
      var one = to.length === 1;
      name = tr(one ? 'legal-one' : 'legal-many',
        one ? '{piece}: 1 legal move, to {squares}' : '{piece}: {count} legal moves, to {squares}',
        { piece: name, count: to.length, squares: to.join(', ') });
      if (canPlay) name += tr('pick', '. Pick a destination.');
    } else if (sideToMove(sq)) {
      name = tr('no-legal', '{piece}: no legal move now', { piece: name });
    } else {
      showReach(sq, name);
    }
    say(name);
  }

  // A piece of the side not to move: ask the server where it could go on its turn.
  function showReach(sq, name) {
    var wrap = document.getElementById('board-wrap');
    var url = wrap && wrap.getAttribute('data-reach');
    if (!url || !window.fetch) return;
    fetch(url + '?square=' + encodeURIComponent(sq), { credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (found) {
        if (!found || selected !== sq) return;
        var to = Array.isArray(found.to) ? found.to : [];
        to.forEach(function (t) { overlay(t, 'target'); });
        say(to.length
          ? tr('reach', '{piece}: on its turn it could go to {squares}', { piece: name, squares: to.join(', ') })
          : tr('no-reach', '{piece}: on its turn it could not move', { piece: name }));
      })
      .catch(function () {});
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

  function readsLong() {
    var wrap = document.getElementById('board-wrap');
    return !!wrap && wrap.getAttribute('data-notation') === 'long';
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
    // Shown in the player's notation (SAN unless they chose long); the form submits the
    // long notation, which every variant reads back exactly.
    var shown = readsLong() || !m.san ? m.text : m.san;
    var ok = button(tr('confirm', 'Confirm move {move}', { move: shown }), function () {
      input.value = m.text;
      if (form.requestSubmit) form.requestSubmit(); else { disableSubmit(form); form.submit(); }
    }, 'pp-confirm');
    button(tr('cancel', 'Cancel'), function () { reset(); board.focus(); }, 'pp-cancel');
    say(tr('preview', 'Preview of {move}. Confirm or cancel.', { move: shown }));
    ok.scrollIntoView({ block: 'nearest' });
    ok.focus();
  }

  function choose(options) {
    panel.textContent = '';
    panel.hidden = false;
    var q = document.createElement('span');
    q.textContent = tr('promote-to', 'Promote to:') + ' ';
    panel.appendChild(q);
    var first = null;
    options.forEach(function (m) {
      var b = button(m.promo === null || m.promo === undefined ? tr('no-promotion', 'no promotion') : (m.promoName || m.promo),
        function () { preview(m); }, 'pp-promo');
      first = first || b;
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
    button(tr('cancel', 'Cancel'), function () { reset(); board.focus(); }, 'pp-cancel');
    say(tr('choose-promotion', 'Choose the promotion.'));
    if (first) first.focus();
  }

  function act(sq) {
    if (saved) { reset(); return; }           // a click on the board leaves the preview
    if (canPlay && selected && sq) {
      var options = moves.filter(function (m) { return m.from === selected && m.to === sq; });
      if (options.length === 1) { preview(options[0]); return; }
      if (options.length > 1) { clearMarks(); overlay(selected, 'sel'); overlay(sq, 'sel'); choose(options); return; }
    }
    if (sq && sq !== selected && pieceAt(sq)) { select(sq); return; }
    reset();
    if (sq && !pieceAt(sq)) say(tr('empty-square', '{square}: empty', { square: sq }));
  }

  board.addEventListener('click', function (ev) {
    var hit = ev.target.closest ? ev.target.closest('[data-square]') : null;
    act(hit && board.contains(hit) ? hit.getAttribute('data-square') : null);
  });

  // Clicking outside the board and the panel drops a selection (not a pending preview).
  document.addEventListener('click', function (ev) {
    if (!selected || saved) return;
    if (board.contains(ev.target) || panel.contains(ev.target)) return;
    if (flipLink && flipLink.contains(ev.target)) return;
    reset();
  });
  document.addEventListener('keydown', function (ev) {
    if (ev.key === 'Escape' && (selected || saved)) { reset(); say(tr('cancelled', 'Cancelled.')); }
  });

  // Keyboard: the board takes focus; arrows move a cursor, Enter/Space act like a tap.
  var grid = {};
  function buildGrid() {
    grid = {};
    board.querySelectorAll('rect.sq').forEach(function (r) {
      grid[r.getAttribute('x') + ',' + r.getAttribute('y')] = r.getAttribute('data-square');
    });
  }
  buildGrid();
  var cursor = null, cursorMark = null;
  function moveCursor(sq, quiet) {
    var r = squareRect(sq);
    if (!r) return;
    cursor = sq;
    board.setAttribute('data-cursor', sq);
    if (!cursorMark) {
      cursorMark = el('rect', { 'class': 'hl-cursor', width: 92, height: 92 });
      over.parentNode.appendChild(cursorMark);
    }
    cursorMark.setAttribute('x', +r.getAttribute('x') + 4);
    cursorMark.setAttribute('y', +r.getAttribute('y') + 4);
    if (quiet) return;
    var name = pieceName(sq);
    var text = name ? sq + ': ' + name : tr('empty-square', '{square}: empty', { square: sq });
    if (selected && r.classList.contains('target')) text += canPlay ? tr('destination-enter', ', a destination: Enter moves here') : tr('destination', ', a destination');
    say(text);
  }
  function startSquare() {
    if (selected) return selected;
    var own = Object.keys(fromSquares);
    if (canPlay && own.length) return own[0];
    var first = piecesLayer.querySelector('g.pc');
    return first ? first.getAttribute('data-square') : board.querySelector('rect.sq').getAttribute('data-square');
  }
  board.setAttribute('tabindex', '0');
  board.setAttribute('role', 'application');
  board.setAttribute('aria-roledescription', 'board');
  board.setAttribute('aria-label', boardLabel());
  if (document.getElementById('board-text')) board.setAttribute('aria-describedby', 'board-text');
  function boardLabel() {
    return board.getAttribute('data-flipped') === 'true'
      ? tr('label-black', 'Board, Black at the bottom. Arrow keys move between squares, Enter picks a piece and drops it, Escape cancels.')
      : tr('label-white', 'Board, White at the bottom. Arrow keys move between squares, Enter picks a piece and drops it, Escape cancels.');
  }
  // The cursor is for the keyboard: a tap that focuses the board does not show it.
  board.addEventListener('focus', function () {
    var keyboard = true;
    try { keyboard = board.matches(':focus-visible'); } catch (e) { keyboard = true; }
    if (!cursor && keyboard) moveCursor(startSquare());
  });
  board.addEventListener('blur', function () {
    if (cursorMark) { cursorMark.remove(); cursorMark = null; cursor = null; board.removeAttribute('data-cursor'); }
  });
  board.addEventListener('keydown', function (ev) {
    var d = { ArrowLeft: [-100, 0], ArrowRight: [100, 0], ArrowUp: [0, -100], ArrowDown: [0, 100] }[ev.key];
    if (d && !cursor) {
      moveCursor(startSquare());
      ev.preventDefault();
    } else if (d) {
      var r = squareRect(cursor);
      var next = grid[(+r.getAttribute('x') + d[0]) + ',' + (+r.getAttribute('y') + d[1])];
      if (next) moveCursor(next);
      ev.preventDefault();
    } else if ((ev.key === 'Enter' || ev.key === ' ') && cursor) {
      act(cursor);
      ev.preventDefault();
    }
  });

  // Flip: mirror every square, piece and mark in place, and turn the coordinates round.
  var flipLink = document.getElementById('flip-board');
  if (flipLink) {
    flipLink.addEventListener('click', function (ev) {
      ev.preventDefault();
      flip();
      var next = flipLink.getAttribute('href');
      var here = window.location.pathname + window.location.search;
      if (window.history && history.replaceState) history.replaceState(null, '', next.replace(/#.*$/, ''));
      flipLink.setAttribute('href', here.replace(/[?&]done=[^&]*/, '') + '#board');
    });
  }
  function flip() {
    reset();
    var xs = [], ys = [];
    board.querySelectorAll('rect.sq').forEach(function (r) { xs.push(+r.getAttribute('x')); ys.push(+r.getAttribute('y')); });
    var sx = Math.min.apply(null, xs) + Math.max.apply(null, xs);
    var sy = Math.min.apply(null, ys) + Math.max.apply(null, ys);
    board.querySelectorAll('rect.sq, g.hl-under rect').forEach(function (r) {
      r.setAttribute('x', sx - r.getAttribute('x'));
      r.setAttribute('y', sy - r.getAttribute('y'));
    });
    board.querySelectorAll('g.pieces > g, g.hl-over > g').forEach(function (g) {
      var m = /translate\(\s*([-\d.]+)[ ,]+([-\d.]+)\s*\)/.exec(g.getAttribute('transform') || '');
      if (m) g.setAttribute('transform', 'translate(' + (sx - m[1]) + ' ' + (sy - m[2]) + ')');
    });
    var minX = Math.min.apply(null, xs), maxY = Math.max.apply(null, ys);
    var files = [], ranks = [];
    board.querySelectorAll('g.coords text').forEach(function (t) {
      if (+t.getAttribute('y') > maxY + 100) files.push(t); else if (+t.getAttribute('x') < minX) ranks.push(t);
    });
    [files, ranks].forEach(function (labels) {
      var texts = labels.map(function (t) { return t.textContent; }).reverse();
      labels.forEach(function (t, i) { t.textContent = texts[i]; });
    });
    board.setAttribute('data-flipped', board.getAttribute('data-flipped') === 'true' ? 'false' : 'true');
    board.setAttribute('aria-label', boardLabel());
    buildGrid();
    if (cursor) moveCursor(cursor, true);
    say(board.getAttribute('data-flipped') === 'true' ? tr('flipped-black', 'Black is at the bottom now.') : tr('flipped-white', 'White is at the bottom now.'));
  }

  markMovable(true);

  function disableSubmit(f) {
    f.querySelectorAll('button[type="submit"], input[type="submit"], button:not([type])')
      .forEach(function (b) { b.disabled = true; });
  }

  // The page of a refused move answers a POST: point this history entry at the game's
  // own address, so that reloading reads the game again instead of posting the move twice.
  function forgetRefusedPost() {
    var refused = document.getElementById('move-error');
    var address = refused && refused.getAttribute('data-address');
    if (address && window.history && window.history.replaceState &&
        window.location.pathname !== address) {
      window.history.replaceState(null, '', address);
    }
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

  // The newest move in view (the CSS column-reverse box starts there already in most browsers).
  function scrollMoveList() {
    var box = document.getElementById('move-scroll');
    if (box) box.scrollTop = box.scrollHeight;
  }

  // The move diagrams are fetched the first time their box is opened.
  function lazyDiagrams() {
    var details = document.getElementById('legend-diagrams');
    var box = document.getElementById('legend-diagram-box');
    if (!details || !box || !window.fetch) return;
    var loading = false;
    details.addEventListener('toggle', function () {
      if (!details.open || loading) return;
      loading = true;
      fetch(details.getAttribute('data-src'), { credentials: 'same-origin' })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
        .then(function (html) { box.innerHTML = html; details.setAttribute('data-loaded', 'true'); })
        .catch(function () { loading = false; });
    });
  }
})();

/* Games against the computer: while it thinks (<p id="computer-thinking" data-state=URL
 * data-ply=N>), poll URL ({"ply":N,"status":"active"}) and reload the page when the ply or
 * the status changes; slower after the first minute, given up after about half an hour. */
(function () {
  var note = document.getElementById('computer-thinking');
  if (!note || !window.fetch) return;
  var url = note.getAttribute('data-state');
  var ply = Number(note.getAttribute('data-ply'));
  var tries = 0;
  function again() {
    if (tries < 400) setTimeout(poll, tries < 60 ? 1000 : 5000);
  }
  function poll() {
    tries += 1;
    fetch(url, { credentials: 'same-origin', cache: 'no-store' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (s) {
        if (s && (s.ply !== ply || s.status !== 'active')) {
          window.location.reload();
        } else {
          again();
        }
      })
      .catch(again);
  }
  setTimeout(poll, 1000);
})();
