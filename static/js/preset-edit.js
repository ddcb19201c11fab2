// Live preview of the setup on the preset edit form: asks the server for the board of the
// typed FEN (or the engine's message) shortly after typing stops. Without this script the
// form's Preview button does the same with a page load.
(function () {
  "use strict";
  var form = document.getElementById("preset-form");
  var fen = document.getElementById("setup_fen");
  var board = document.getElementById("setup-preview");
  var error = document.getElementById("setup-error");
  if (!form || !fen || !board || !error) return;
  var slug = form.getAttribute("data-slug");
  var timer = null;
  var asked = 0;

  function field(name) {
    var el = form.elements.namedItem(name);
    return el && "value" in el ? el.value : "";
  }

  function refresh() {
    var mine = ++asked;
    var coords = form.elements.namedItem("coordinates");
    var params = new URLSearchParams({
      preset: slug,
      fen: fen.value,
      light: field("light_color"),
      dark: field("dark_color"),
      coordinates: coords && coords.checked ? "on" : "off"
    });
    fetch("/presets/preview?" + params.toString(), { credentials: "same-origin" })
      .then(function (res) {
        return res.text().then(function (body) { return { ok: res.ok, status: res.status, body: body }; });
      })
      .then(function (r) {
        if (mine !== asked) return; // an older answer arriving late
        // Both answers are built and escaped by the server.
        if (r.ok) {
          board.innerHTML = r.body;
          error.innerHTML = "";
        } else if (r.status === 422) {
          error.innerHTML = r.body;
        }
      })
      .catch(function () { /* offline: the Preview button still works */ });
  }

  fen.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(refresh, 350);
  });
})();
