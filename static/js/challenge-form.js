/* The challenge form: list only the chosen preset's start positions. Without JavaScript
 * every preset's positions are listed, grouped by preset. */
(function () {
  "use strict";
  var form = document.getElementById("challenge-form");
  var setup = document.getElementById("setup-choice");
  if (!form || !setup) return;
  var preset = form.querySelector("select[name=preset]");
  function update() {
    var chosen = preset.value;
    var groups = setup.querySelectorAll("optgroup");
    var any = false;
    for (var i = 0; i < groups.length; i++) {
      var mine = groups[i].getAttribute("data-preset") === chosen;
      groups[i].hidden = !mine;
      groups[i].disabled = !mine;
      if (mine) any = true;
    }
    setup.closest("label").hidden = !any;
    var selected = setup.options[setup.selectedIndex];
    if (selected && selected.parentNode.tagName === "OPTGROUP" && selected.parentNode.disabled) {
      setup.value = "";
    }
  }
  preset.addEventListener("change", update);
  update();
})();
