// The referee on one screen: every card of the deck a single tap, the answer without a
// page load. Without this script the pages work as GET forms, a load a tap.
//
// Each tap is sent to the same address the form would load (the server stays the only
// judge of the rules), and the page's form is replaced by the one that comes back; the
// answer's live region keeps its place so a screen reader reads the new answer. Taps
// made while an answer is on its way wait their turn, so a quick hand loses no card.
(function () {
  "use strict";

  function ready(fn) {
    if (document.readyState !== "loading") fn();
    else document.addEventListener("DOMContentLoaded", fn);
  }

  ready(function () {
    var form = document.querySelector("form[data-referee]");
    if (!form || !window.fetch || !window.DOMParser || !window.URLSearchParams) return;
    var waiting = [];
    var busy = false;
    // Choices tapped while an answer was on its way (where the next card goes): the answer
    // was made before them, so they are put back on the page it brings.
    var taps = 0;
    var chosen = {};
    var ticked = {};

    // The whole deck in the two-step picker's place: a card is one tap.
    function showDeck() {
      var template = form.querySelector("template[data-deck]");
      var picker = form.querySelector("[data-picker]");
      if (template && picker) picker.replaceWith(template.content.cloneNode(true));
    }

    function address(tap) {
      var data = new FormData(form);
      if (tap) {
        if (tap.add) data.append(tap.name, tap.value);
        else data.set(tap.name, tap.value);
      }
      var base = form.action.split("#")[0].split("?")[0];
      return base + "?" + new URLSearchParams(data).toString();
    }

    function send(tap) {
      waiting.push(tap);
      if (!busy) next();
    }

    function next() {
      if (!waiting.length) {
        busy = false;
        form.removeAttribute("aria-busy");
        return;
      }
      busy = true;
      form.setAttribute("aria-busy", "true");
      var url = address(waiting.shift());
      var sentAt = taps;
      fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
        .then(function (response) { return response.text(); })
        .then(function (html) {
          if (!replace(html, sentAt)) throw new Error("no referee form in the answer");
          next();
        })
        .catch(function () {
          // No answer (offline, or something unexpected): the plain page load does it.
          window.location.assign(url + "#answer");
        });
    }

    function replace(html, sentAt) {
      var page = new DOMParser().parseFromString(html, "text/html");
      var fresh = page.querySelector("form[data-referee]");
      if (!fresh) return false;
      var focused = document.activeElement;
      var focusKey = focused && form.contains(focused) && focused.name
        ? [focused.name, focused.value] : null;
      // Each live region (the answer, the line of cards tapped in) keeps its place.
      var kept = [];
      Array.prototype.forEach.call(fresh.querySelectorAll("[aria-live][id]"), function (freshLive) {
        var live = form.querySelector("#" + freshLive.id + "[aria-live]");
        if (!live) return;
        kept.push([live, freshLive.innerHTML]);
        freshLive.replaceWith(live);
      });
      form.replaceChildren.apply(form, Array.prototype.slice.call(fresh.childNodes));
      kept.forEach(function (pair) { pair[0].innerHTML = pair[1]; });
      form.dataset.stateUrl = fresh.dataset.stateUrl || "";
      var links = document.querySelector("[data-referee-links]");
      var freshLinks = page.querySelector("[data-referee-links]");
      if (links && freshLinks) links.innerHTML = freshLinks.innerHTML;
      if (form.dataset.stateUrl) {
        // A reload, Back or a shared link shows this trick, without repeating the tap.
        window.history.replaceState(null, "", form.dataset.stateUrl);
      }
      showDeck();
      Object.keys(chosen).forEach(function (name) {
        if (chosen[name].at <= sentAt) return;
        Array.prototype.forEach.call(form.elements, function (el) {
          if (el.name === name && el.type === "radio") el.checked = el.value === chosen[name].value;
        });
      });
      Array.prototype.forEach.call(form.elements, function (el) {
        var tick = el.type === "checkbox" ? ticked[el.name + "=" + el.value] : null;
        if (tick && tick.at > sentAt) el.checked = tick.checked;
      });
      mark();
      if (focusKey) {
        var again = Array.prototype.find.call(form.elements, function (el) {
          return el.name === focusKey[0] && el.value === focusKey[1];
        });
        if (again) again.focus({ preventScroll: true });
      }
      return true;
    }

    // The deck marks the cards already in the place picked (the trick, the hand, the
    // card in question), the special cards as the others: a marked card's tap takes it
    // out again. A card the deck has several of (a Wizard, a Jester) shows how many are
    // there, and its tap adds another (to the trick or the hand; the card in question is
    // one). The line above the deck says that place's cards.
    function mark() {
      var tally = form.querySelector("#tally");
      if (!tally) return;
      var to = form.querySelector("input[name=to]:checked");
      var target = to ? to.value : "plays";
      var field = form.querySelector("input[type=hidden][name=" + target + "]");
      var cards = field && field.value ? field.value.split(",") : [];
      var hand = form.querySelector("input[type=hidden][name=hand]");
      var handCards = hand && hand.value ? hand.value.split(",") : [];
      Array.prototype.forEach.call(form.querySelectorAll(".deck button[data-toggle]"), function (button) {
        var card = button.dataset.card || button.value;
        button.dataset.card = card;
        var at = cards.indexOf(card);
        if (button.hasAttribute("data-several") && target !== "card") {
          var count = cards.filter(function (each) { return each === card; }).length;
          if (count) button.dataset.count = String(count);
          else delete button.dataset.count;
          button.removeAttribute("aria-pressed");
          button.name = "add";
          button.value = card;
          return;
        }
        delete button.dataset.count;
        button.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
        if (at < 0) {
          button.name = "add";
          button.value = card;
        } else if (target === "plays") {
          button.name = "remove";
          button.value = String(at);
        } else {
          // The card in question is one of the hand's: taken out, it is out of both.
          button.name = "remove_hand";
          button.value = String(handCards.indexOf(card));
        }
      });
      Array.prototype.forEach.call(tally.querySelectorAll("[data-tally]"), function (line) {
        line.hidden = line.dataset.tally !== target;
      });
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var button = event.submitter;
      send(button && button.name ? { name: button.name, value: button.value, add: true } : null);
    });
    // Capturing, so that app.js's submit-on-change never reloads the page.
    form.addEventListener("change", function (event) {
      var input = event.target;
      if (input.type === "radio" && !input.hasAttribute("data-autosubmit")) {
        taps += 1;
        chosen[input.name] = { value: input.value, at: taps };
        mark();
        return;
      }
      if (input.type === "checkbox" && input.hasAttribute("data-autosubmit")) {
        // A choice among several (the special cards in play): the form says them all, and
        // a box ticked while an answer is on its way is ticked again on the page it brings.
        event.stopPropagation();
        taps += 1;
        ticked[input.name + "=" + input.value] = { checked: input.checked, at: taps };
        send(null);
        return;
      }
      if (input.type !== "radio" || !input.hasAttribute("data-autosubmit")) return;
      event.stopPropagation();
      send({ name: input.name, value: input.value, add: false });
    }, true);

    showDeck();
    mark();
  });
})();
