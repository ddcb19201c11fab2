/* plypost replay.js: keyboard navigation for the replay page.
 * Left/Right arrows follow the links with rel="prev" / rel="next"; Home/End follow the links
 * marked data-first / data-last. Keys typed into form fields are left alone.
 */
(function () {
  'use strict';
  var keys = {
    ArrowLeft: 'a[rel~="prev"]',
    ArrowRight: 'a[rel~="next"]',
    Home: 'a[data-first]',
    End: 'a[data-last]'
  };
  document.addEventListener('keydown', function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.defaultPrevented) return;
    var t = ev.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    var sel = keys[ev.key];
    var link = sel && document.querySelector(sel);
    if (!link || !link.href) return;
    ev.preventDefault();
    window.location.href = link.href;
  });
})();
