// The blank sheets' form (templates/sheets/blank.html) asks only what the chosen game
// asks: its own options, its player counts, a name box a player and a first dealer among
// them. What is hidden is disabled too, so the address says only what the sheet is made
// of. Without this script every game's options are on the page, each under its heading,
// and the server judges the form all the same.
(function () {
  "use strict";

  function ready(fn) {
    if (document.readyState !== "loading") fn();
    else document.addEventListener("DOMContentLoaded", fn);
  }

  function show(el, on) {
    el.hidden = !on;
    el.querySelectorAll("input, select, textarea").forEach(function (input) {
      input.disabled = !on;
    });
  }

  function offer(option, on) {
    option.hidden = !on;
    option.disabled = !on;
  }

  // Options the browser put back other than the page drew them (Back from the sheet):
  // open, so what the next sheet will be made of is in sight.
  function changed(el) {
    return Array.prototype.some.call(el.querySelectorAll("input, select"), function (input) {
      if (input.type === "checkbox" || input.type === "radio") return input.checked !== input.defaultChecked;
      if (input.tagName === "SELECT") {
        return Array.prototype.some.call(input.options, function (o) { return o.selected !== o.defaultSelected; });
      }
      return input.value !== input.defaultValue;
    });
  }

  function setUpBlankSheet(form) {
    var players = form.querySelector("[data-players]");
    var dealer = form.querySelector("[data-first-dealer]");

    function update() {
      var game = form.querySelector("input[name=game]:checked");
      if (game) {
        var least = parseInt(game.dataset.least, 10);
        var most = parseInt(game.dataset.most, 10);
        Array.prototype.forEach.call(players.options, function (option) {
          var count = parseInt(option.value, 10);
          offer(option, count >= least && count <= most);
        });
        var asked = parseInt(players.value, 10);
        if (asked < least || asked > most) players.value = String(Math.min(Math.max(asked, least), most));
      }
      form.querySelectorAll("[data-for-game]").forEach(function (el) {
        var on = !game || el.dataset.forGame.split(" ").indexOf(game.value) >= 0;
        show(el, on);
        if (on && el.tagName === "DETAILS" && changed(el)) el.open = true;
      });
      var count = parseInt(players.value, 10);
      form.querySelectorAll("[data-seat]").forEach(function (seat) {
        show(seat, parseInt(seat.dataset.seat, 10) <= count);
      });
      Array.prototype.forEach.call(dealer.options, function (option) {
        offer(option, parseInt(option.value, 10) < count);
      });
      if (parseInt(dealer.value, 10) >= count) dealer.value = "0";
    }

    form.addEventListener("change", function (event) {
      if (event.target.name === "game" || event.target === players) update();
    });
    // Back from the sheet: the browser may have put the form's last values back.
    window.addEventListener("pageshow", update);
    update();
  }

  ready(function () {
    document.querySelectorAll("form[data-blank-sheet]").forEach(setUpBlankSheet);
  });
})();
