// One Card's part of the hand's screen (static/app.js asks it): the auction call by call,
// a live count of the points, the remainder offered (RULES.md, One Card).
(window.scorekeeperGames = window.scorekeeperGames || []).push(function (app) {
  "use strict";

  function setUpOneCardForm(form) {
    var players = JSON.parse(form.dataset.players);
    var dealer = parseInt(form.dataset.dealer, 10);
    var lowest = parseInt(form.dataset.lowest, 10);
    var hidden = form.querySelector('input[name="auction"]');
    var widget = form.querySelector("[data-auction]");
    var fallback = form.querySelector("[data-contract-fallback]");
    var callList = form.querySelector("[data-calls]");
    var turn = form.querySelector("[data-turn]");
    var buttons = form.querySelector("[data-call-buttons]");
    var calls = hidden && hidden.value ? hidden.value.split(",").map(function (c) {
      return c === "p" ? null : parseInt(c, 10);
    }) : [];

    function walk() {
      var passed = {}, bidder = null, highest = null, seat = (dealer + 1) % players.length;
      calls.forEach(function (call) {
        if (call === null) passed[seat] = true; else { bidder = seat; highest = call; }
        for (var step = 1; step <= players.length; step++) {
          var next = (seat + step) % players.length;
          if (!passed[next]) { seat = next; break; }
        }
      });
      var passes = Object.keys(passed).length;
      var over = highest === 15 || (bidder === null ? passes === players.length : passes === players.length - 1);
      return { seat: seat, bidder: bidder, highest: highest, over: over, passed: passed };
    }

    function setRadio(name, value) {
      form.querySelectorAll('input[name="' + name + '"]').forEach(function (input) {
        input.checked = value !== null && input.value === String(value);
      });
    }

    function render() {
      var state = walk();
      callList.innerHTML = "";
      var seat = (dealer + 1) % players.length, passed = {};
      calls.forEach(function (call) {
        var item = document.createElement("li");
        item.textContent = players[seat] + ": " + (call === null ? app.t("pass") : call);
        callList.appendChild(item);
        if (call === null) passed[seat] = true;
        for (var step = 1; step <= players.length; step++) {
          var next = (seat + step) % players.length;
          if (!passed[next]) { seat = next; break; }
        }
      });
      buttons.innerHTML = "";
      if (state.over) {
        turn.textContent = state.bidder === null ? app.t("all_passed")
          : app.t("contract", { name: players[state.bidder], bid: state.highest });
      } else {
        turn.textContent = app.t("to_bid", { name: players[state.seat] });
        var start = state.highest === null ? lowest : state.highest + 1;
        var pass = document.createElement("button");
        pass.type = "button"; pass.className = "chip wide"; pass.textContent = app.t("pass_button");
        pass.addEventListener("click", function () { calls.push(null); render(); });
        buttons.appendChild(pass);
        for (var bid = start; bid <= 15; bid++) {
          (function (value) {
            var b = document.createElement("button");
            b.type = "button"; b.className = "chip"; b.textContent = value;
            b.addEventListener("click", function () { calls.push(value); render(); });
            buttons.appendChild(b);
          })(bid);
        }
      }
      if (hidden) hidden.value = calls.map(function (c) { return c === null ? "p" : c; }).join(",");
      if (!state.over) { setRadio("bidder", null); setRadio("bid", null); }
      else if (state.bidder === null) { setRadio("bidder", "none"); setRadio("bid", null); }
      else { setRadio("bidder", state.bidder); setRadio("bid", state.highest); }
      updateTrump();
    }

    function updateTrump() {
      var passedAll = form.querySelector('input[name="bidder"][value="none"]:checked');
      var note = form.querySelector("[data-all-passed-note]");
      if (note) note.hidden = !passedAll;
      form.querySelectorAll('input[name="trump"]').forEach(function (input) {
        input.disabled = !!passedAll;
        if (passedAll) input.checked = false;
      });
    }

    var recorded = form.querySelector('input[name="bidder"]:checked');
    // A hand recorded as a contract only (without scripts, or through the API) is
    // corrected as it was recorded: the choices stay, the call-by-call widget does not.
    if (widget && hidden && (hidden.value || !recorded)) {
      widget.hidden = false;
      fallback.hidden = true;
      form.querySelector("[data-undo-call]").addEventListener("click", function () {
        calls.pop(); render();
      });
      render();
    }

    var rows = form.querySelectorAll("[data-points-row]");
    var count = form.querySelector("[data-points-count]");
    // The last player's points are offered as the remainder: a suggestion shown in the
    // empty box (its placeholder), never a value that fights back. Typing replaces it;
    // Save takes it as it stands.
    function updatePoints() {
      var sum = 0, empty = [];
      rows.forEach(function (row) {
        var input = row.querySelector("input.points");
        input.placeholder = "";
        input.classList.remove("suggested");
        if (input.value === "") empty.push(input);
        else sum += parseInt(input.value, 10) || 0;
      });
      if (empty.length === 1 && sum <= 15) {
        empty[0].placeholder = String(15 - sum);
        empty[0].classList.add("suggested");
        sum = 15;
        empty = [];
      }
      count.textContent = app.t("points", { sum: sum }) + (sum === 15 && !empty.length ? " ✓" : sum > 15 ? ": " + app.t("too_many") : "");
      count.className = sum === 15 && !empty.length ? "exact" : sum > 15 ? "over" : "";
      var wrong = sum > 15 || (empty.length === 0 && sum !== 15);
      app.holdSave(form, wrong ? app.t("held_points", { sum: sum }) : "");
    }
    // Before the draft keeps what is sent (capture: ahead of its handler).
    form.addEventListener("submit", function () {
      form.querySelectorAll("input.points.suggested").forEach(function (input) {
        if (input.value === "") input.value = input.placeholder;
      });
    }, true);
    form.addEventListener("input", updatePoints);
    form.addEventListener("change", updateTrump);
    updatePoints();
    updateTrump();
  }

  // No contract (everyone passed): no trump either. The referee's link takes the card
  // order being entered.
  function trump(form) {
    return app.pickedValue(form, "bidder") === "none" ? "none" : undefined;
  }
  function refereeQuery(form) {
    var order = app.pickedValue(form, "order");
    return order ? { order: order } : {};
  }

  // The hand's scores as the rules work them out (RULES.md, One Card › Scoring): everyone
  // scores the points they took, a bidder short of the bid 0; null until every part is in.
  function roundScores(form, scoring) {
    if (!form.hasAttribute("data-one-card")) return undefined;
    var bidder = app.pickedValue(form, "bidder");
    var bid = app.checkedValue(form, "bid");
    if (bidder === null || (bidder !== "none" && bid === null)) return null;
    var scores = [];
    for (var seat = 0; seat < scoring.totals.length; seat++) {
      var input = form.querySelector('input[name="points_' + seat + '"]');
      var said = input ? (input.value === "" ? input.placeholder : input.value) : "";
      if (!/^\d+$/.test(said)) return null;
      var took = parseInt(said, 10);
      scores.push(String(seat) === bidder && took < bid ? 0 : took);
    }
    return scores;
  }

  // The game ends once someone reaches the target with a single top total.
  function endsGame(totals, scoring) {
    var top = Math.max.apply(null, totals);
    return top >= scoring.target && totals.filter(function (t) { return t === top; }).length === 1;
  }

  function setUp() {
    document.querySelectorAll("form[data-one-card]").forEach(setUpOneCardForm);
  }

  return { setUp: setUp, trump: trump, refereeQuery: refereeQuery, roundScores: roundScores,
           endsGame: endsGame };
});
