// Small helpers: every page works without them; they only make entry quicker.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function ready(fn) {
    if (document.readyState !== "loading") fn();
    else document.addEventListener("DOMContentLoaded", fn);
  }

  function checkedValue(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? parseInt(input.value, 10) : null;
  }

  function setUpRoundForm(form) {
    var cards = parseInt(form.dataset.cards, 10);
    var dealer = form.dataset.dealer;
    var hook = form.dataset.hook === "on";
    var count = form.querySelector("[data-trick-count]");
    var wizardTrump = form.querySelector("[data-wizard-trump]");

    function updateWizardTrump() {
      if (!wizardTrump) return;
      var turned = form.querySelector('input[name="turned"]:checked');
      wizardTrump.hidden = !(turned && turned.value === "wizard");
    }

    function updateTrickCount() {
      if (!count) return;
      var rows = form.querySelectorAll("[data-trick-row]");
      var sum = 0, entered = 0;
      rows.forEach(function (row) {
        var input = row.querySelector("input:checked");
        if (input) { sum += parseInt(input.value, 10); entered += 1; }
      });
      var word = cards === 1 ? " trick" : " tricks";
      count.textContent = sum + " of " + cards + word +
        (entered < rows.length ? "" : sum === cards ? " ✓" : sum > cards ? ": too many" : ": too few");
      count.className = sum === cards && entered === rows.length ? "exact" : sum > cards ? "over" : "";
    }

    function updateHook() {
      if (!hook) return;
      var rows = form.querySelectorAll("[data-bid-row]");
      var earlier = 0, complete = true, dealerRow = null;
      rows.forEach(function (row) {
        if (row.dataset.seat === dealer) { dealerRow = row; return; }
        var bid = checkedValue(form, "bid_" + row.dataset.seat);
        if (bid === null) complete = false; else earlier += bid;
      });
      if (!dealerRow) return;
      var forbidden = complete && cards - earlier >= 0 ? cards - earlier : null;
      var note = dealerRow.querySelector("[data-forbidden-note]");
      dealerRow.querySelectorAll("input[type=radio]").forEach(function (input) {
        var off = forbidden !== null && parseInt(input.value, 10) === forbidden;
        input.disabled = off;
        if (off) input.checked = false;
        var label = input.nextElementSibling;
        if (label) label.classList.toggle("forbidden", off);
      });
      if (note) {
        var name = dealerRow.querySelector(".player-name").firstChild.textContent.trim();
        note.textContent = forbidden === null ? "" : name + " may not bid " + forbidden + " (hook).";
      }
    }

    form.addEventListener("change", function () {
      updateWizardTrump();
      updateTrickCount();
      updateHook();
    });
    updateWizardTrump();
    updateTrickCount();
    updateHook();
  }

  function setUpNewGame(form) {
    var select = form.querySelector("[data-dealer-select]");
    if (!select) return;
    var names = form.querySelectorAll(".seat-name input");
    function relabel() {
      names.forEach(function (input, index) {
        var option = select.querySelector('option[value="' + index + '"]');
        if (!option) return;
        var name = input.value.trim();
        option.textContent = name ? name : "Player " + (index + 1);
        option.hidden = !name;
      });
    }
    form.addEventListener("input", relabel);
    relabel();
  }

  ready(function () {
    document.querySelectorAll("form[data-round]").forEach(setUpRoundForm);
    document.querySelectorAll("form[data-new-game]").forEach(setUpNewGame);
    document.querySelectorAll("[data-autosubmit]").forEach(function (el) {
      el.addEventListener("change", function () { el.form.submit(); });
    });
    document.querySelectorAll("form[data-confirm]").forEach(function (form) {
      form.addEventListener("submit", function (event) {
        if (!window.confirm(form.dataset.confirm)) event.preventDefault();
      });
    });
  });
})();
