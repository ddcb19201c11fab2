/* plypost replay.js: the replay page steps through the moves without reloading.
 * The step links (Start, Previous, Next, End, and each move of the list) stay plain links that
 * work without JavaScript; with it, a click fetches `?ply=N&part=board` (the board, its words
 * and the links for that ply) into <div id="board">, marks the move in the list and puts the
 * address in the history (Back and Forward step too).
 * Keys: Left/Right follow rel="prev" / rel="next"; Home/End follow data-first / data-last.
 * Keys typed into form fields are left alone.
 */
(function () {
  'use strict';
  var box = document.getElementById('board');
  var list = document.getElementById('move-list');
  var keys = {
    ArrowLeft: 'a[rel~="prev"]',
    ArrowRight: 'a[rel~="next"]',
    Home: 'a[data-first]',
    End: 'a[data-last]'
  };
  var pending = 0;

  function plyOf(url) {
    var m = /[?&]ply=(\d+)/.exec(url);
    return m ? m[1] : null;
  }

  function markCurrent(ply) {
    if (!list) return;
    list.querySelectorAll('li').forEach(function (li) {
      var on = li.getAttribute('data-ply') === ply;
      li.classList.toggle('current', on);
      var a = li.querySelector('a.mv');
      if (a) { if (on) a.setAttribute('aria-current', 'step'); else a.removeAttribute('aria-current'); }
      // Keep the current move in view inside the list box (not by scrolling the page).
      if (on && (li.offsetTop < list.scrollTop || li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight)) {
        list.scrollTop = li.offsetTop - list.clientHeight / 2;
      }
    });
  }

  // Shows `href`'s position; `push`: a new history entry. Falls back to loading the page.
  function step(href, push) {
    if (!box || !window.fetch || !window.history || !history.pushState) { window.location.href = href; return; }
    var url = new URL(href, window.location.href);
    url.hash = '';
    var partUrl = new URL(url.href);
    partUrl.searchParams.set('part', 'board');
    var ticket = ++pending;
    fetch(partUrl.href, { credentials: 'same-origin' })
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.text(); })
      .then(function (html) {
        if (ticket !== pending) return;   // a later step won
        box.innerHTML = html;
        markCurrent(plyOf(url.href) || '0');
        if (push) history.pushState({ replay: true }, '', url.pathname + url.search);
        var where = document.getElementById('replay-where');
        if (where) { where.setAttribute('tabindex', '-1'); }
      })
      .catch(function () { window.location.href = href; });
  }

  document.addEventListener('click', function (ev) {
    if (ev.defaultPrevented || ev.button !== 0 || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    var a = ev.target.closest ? ev.target.closest('a[href]') : null;
    if (!a || !((box && box.contains(a)) || (list && list.contains(a)))) return;
    if (plyOf(a.getAttribute('href')) === null) return;
    ev.preventDefault();
    step(a.href, true);
  });

  window.addEventListener('popstate', function () { step(window.location.href, false); });

  document.addEventListener('keydown', function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.defaultPrevented) return;
    var t = ev.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    var sel = keys[ev.key];
    var link = sel && document.querySelector(sel);
    if (!link || !link.href) return;
    ev.preventDefault();
    step(link.href, true);
  });
})();
