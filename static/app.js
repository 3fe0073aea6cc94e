// Small helpers: every page works without them; they only make entry quicker.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function ready(fn) {
    if (document.readyState !== "loading") fn();
    else document.addEventListener("DOMContentLoaded", fn);
  }

  // The page's sentences in its language, from the server (see scorekeeper/i18n/script.py),
  // and those of the game's own script, carried by its script element.
  var messages = null;
  function catalog() {
    if (messages === null) {
      messages = {};
      var carriers = [document.body].concat(Array.from(document.querySelectorAll("script[data-messages]")));
      carriers.forEach(function (carrier) {
        var text = carrier ? carrier.getAttribute("data-messages") : null;
        var said = {};
        try { said = text ? JSON.parse(text) : {}; } catch (e) { said = {}; }
        Object.keys(said).forEach(function (key) { messages[key] = said[key]; });
      });
    }
    return messages;
  }
  function fill(text, values) {
    return String(text).replace(/%\((\w+)\)s/g, function (whole, key) {
      return values && key in values ? String(values[key]) : whole;
    });
  }
  function t(key, values) {
    var text = catalog()[key];
    return fill(text === undefined ? key : text, values);
  }
  function plural(key, count, values) {
    var forms = catalog()[key] || {};
    var category = "other";
    try { category = new Intl.PluralRules(document.documentElement.lang).select(count); } catch (e) {}
    var text = forms[category] || forms.other || key;
    var all = { num: count };
    Object.keys(values || {}).forEach(function (name) { all[name] = values[name]; });
    return fill(text, all);
  }

  function checkedValue(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? parseInt(input.value, 10) : null;
  }
  function pickedValue(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked:not(:disabled)');
    return input ? input.value : null;
  }

  // -- A game's own part of the page ----------------------------------------------------
  // A game's script (in its folder: scorekeeper/games/<key>/static/, loaded before this
  // one on its pages only) adds to window.scorekeeperGames a function that is given the
  // helpers below and answers with its part, each piece optional:
  //   setUp()                   after the shared set-up of the page's forms;
  //   trump(form)               the round's trump as its fields say it, or undefined when
  //                             the shared reading (the turned card, the trump chosen) holds;
  //   tricks(form, cards)       { won, count, held } when fewer tricks are won than cards
  //                             dealt: the count's and the held Save's message keys;
  //   bidEcho(form, seat, bid)  the line by a player's tricks, when not "bid 2";
  //   playField(name)           whether a field is of the play, not of the bids;
  //   update(form)              on every change of the round's form;
  //   refereeQuery(form)        what the referee's link takes beyond the trump;
  //   countedBid(form, seat, bid)  the bid a seat's round is scored against, when not
  //                             the bid made (a game of bidding tricks);
  //   roundScores(form, scoring)  each seat's score in the round on the form, or null
  //                             when it cannot be told yet; ``scoring`` is what the
  //                             game's kind gives the page (GameKind.scoring): where a
  //                             game scores otherwise than by bids and tricks;
  //   endsGame(totals, scoring) whether the round ends the game with these totals, in a
  //                             game that ends by its score.
  var gameParts = null;
  function parts() {
    if (gameParts === null) {
      var helpers = { t: t, plural: plural, checkedValue: checkedValue, pickedValue: pickedValue,
                      holdSave: holdSave };
      gameParts = (window.scorekeeperGames || []).map(function (make) { return make(helpers) || {}; });
    }
    return gameParts;
  }
  // The first answer a game's part gives (not undefined), or undefined.
  function askParts(piece, args) {
    var list = parts();
    for (var i = 0; i < list.length; i++) {
      if (typeof list[i][piece] !== "function") continue;
      var said = list[i][piece].apply(null, args);
      if (said !== undefined) return said;
    }
    return undefined;
  }

  // -- The round screen: its refusals, its Save button ------------------------------

  // A refused round opens on the list of what to put right; each item goes to its part.
  function setUpProblems(box) {
    box.focus({ preventScroll: true });
    box.scrollIntoView({ block: "nearest" });
    box.querySelectorAll("a[href^='#']").forEach(function (link) {
      link.addEventListener("click", function (event) {
        var part = document.getElementById(link.getAttribute("href").slice(1));
        if (!part) return;
        event.preventDefault();
        if (part.tagName === "DETAILS") part.open = true;
        part.scrollIntoView({ block: "center" });
        var input = part.querySelector("input:not([type=hidden]):not(:disabled), select");
        if (input) input.focus({ preventScroll: true });
      });
    });
  }

  // The line under the Save button: why it waits, or what became of the round.
  function saveStatus(form, text, kind) {
    var line = form.querySelector("[data-save-status]");
    if (!line) return null;
    line.textContent = text;
    line.className = "save-status" + (kind ? " " + kind : "");
    line.hidden = !text;
    return line;
  }
  // ...and brought onto the screen: the thumb that just tapped Save is right above it.
  function sayBySave(form, text, kind) {
    var line = saveStatus(form, text, kind);
    if (line) line.scrollIntoView({ block: "nearest" });
  }

  // Save waits while the live count shows the round cannot be right, saying why.
  function holdSave(form, reason) {
    var held = !!form.dataset.held;
    form.dataset.held = reason;
    var button = form.querySelector("[data-save]");
    if (button) button.setAttribute("aria-disabled", reason ? "true" : "false");
    if (reason) saveStatus(form, reason, "held");
    else if (held) saveStatus(form, "", "");
  }

  function guardSave(form) {
    // Before the draft's own submit handler (registered earlier, on the bubbling side).
    form.addEventListener("submit", function (event) {
      if (!form.dataset.held) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      sayBySave(form, form.dataset.held, "held");
    }, true);
  }

  // The round's bids (and trump) sent by the page's script, answered in JSON: the form
  // takes the game's new version, and the line by the bids says what became of them.
  function sendBidsForm(form, url, body, status, saved, refused) {
    fetch(url, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Accept": "application/json" }
    }).then(function (r) {
      return r.json().then(function (data) { return { ok: r.ok, data: data }; });
    }).then(function (answer) {
      // A bid the rules set aside (the rest of the page was kept): said as a problem.
      var setAside = answer.ok && (answer.data.not_taken || []).length > 0;
      if (answer.ok) {
        if (saved) saved(answer.data);
        var version = form.querySelector('input[name="version"]');
        if (version) version.value = answer.data.version;
        form.dataset.version = answer.data.version;
      } else if (refused) {
        refused(answer.data);
      }
      if (status) {
        status.textContent = answer.ok ? answer.data.message
          : (answer.data.errors || []).map(function (e) { return e.message; }).join(" ");
        status.className = "hint " + (answer.ok && !setAside ? "saved" : "error");
      }
    }).catch(function () { if (refused) refused(null); });
  }

  // The trump as the round screen's chips say it: the turned card's suit letter or a
  // suit's word, "none", or null while nothing decides it yet; the game's part first (a
  // card that is no suit turned).
  var SUIT_LETTER = { clubs: "c", diamonds: "d", hearts: "h", spades: "s", none: "none" };
  function roundTrump(form) {
    var said = askParts("trump", [form]);
    if (said !== undefined) return said;
    return pickedValue(form, "turned") || pickedValue(form, "trump");
  }

  function setUpRoundForm(form) {
    var cards = parseInt(form.dataset.cards, 10);
    var dealer = form.dataset.dealer;
    var hook = form.dataset.hook === "on";
    var count = form.querySelector("[data-trick-count]");

    // The game's part of the form, on every change.
    function updateGamePart() {
      parts().forEach(function (part) { if (part.update) part.update(form); });
    }

    // The tricks there are to take, and the messages that say so: every card's trick,
    // unless the game's part says fewer are won.
    function tricksWon() {
      return askParts("tricks", [form, cards]) || { won: cards, count: "tricks", held: "held_tricks" };
    }
    function tricksToTake() { return tricksWon().won; }
    function playField(name) { return askParts("playField", [name]) === true; }

    function updateTrickCount() {
      if (!count) return;
      var rows = form.querySelectorAll("[data-trick-row]");
      var sum = 0, entered = 0;
      rows.forEach(function (row) {
        var input = row.querySelector("input:checked");
        if (input) { sum += parseInt(input.value, 10); entered += 1; }
      });
      var taken = tricksWon(), won = taken.won;
      count.textContent = plural(taken.count, won, { sum: sum }) +
        (entered < rows.length ? "" : sum === won ? " ✓" : ": " + t(sum > won ? "too_many" : "too_few"));
      count.className = sum === won && entered === rows.length ? "exact" : sum > won ? "over" : "";
      var wrong = sum > won || (entered === rows.length && sum !== won);
      holdSave(form, wrong ? t(taken.held, { sum: sum, cards: won }) : "");
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
      var dropped = false;
      dealerRow.querySelectorAll("input[type=radio]").forEach(function (input) {
        var off = forbidden !== null && parseInt(input.value, 10) === forbidden;
        input.disabled = off;
        // A bid the dealer had made, forbidden now that an earlier bid changed: taken
        // back, and said so (never silently).
        if (off && input.checked) { input.checked = false; dropped = true; }
        var label = input.nextElementSibling;
        if (label) label.classList.toggle("forbidden", off);
      });
      if (note) {
        var name = dealerRow.querySelector(".player-name").firstChild.textContent.trim();
        if (dropped) {
          note.textContent = t("hook_dropped", { name: name, bid: forbidden });
          note.classList.add("error");
          note.scrollIntoView({ block: "nearest" });
        } else if (forbidden === null || !note.classList.contains("error") ||
                   checkedValue(form, "bid_" + dealer) !== null) {
          note.textContent = forbidden === null ? "" : t("hook", { name: name, bid: forbidden });
          note.classList.remove("error");
        }
      }
    }

    // Each player's bid by their tricks: "bid 2", or as the game's part says it.
    function updateBidEcho() {
      form.querySelectorAll("[data-bid-echo]").forEach(function (echo) {
        var bid = checkedValue(form, "bid_" + echo.dataset.bidEcho);
        var said = bid === null ? "" : askParts("bidEcho", [form, echo.dataset.bidEcho, bid]);
        echo.textContent = said === undefined ? t("bid", { bid: bid }) : said;
      });
    }

    // The bids said so far against the tricks there are: "Bids 5 for 4 tricks: over by 1".
    var overUnder = form.querySelector("[data-over-under]");
    function bidsSaid() {
      var rows = form.querySelectorAll("[data-bid-row]");
      var bids = [];
      rows.forEach(function (row) { bids.push(checkedValue(form, "bid_" + row.dataset.seat)); });
      return rows.length && bids.indexOf(null) === -1 ? bids : null;
    }
    function updateOverUnder() {
      if (!overUnder) return;
      var bids = bidsSaid();
      if (!bids) { overUnder.textContent = ""; return; }
      var sum = bids.reduce(function (a, b) { return a + b; }, 0);
      var said = sum > cards ? overUnder.dataset.over : sum < cards ? overUnder.dataset.under : overUnder.dataset.even;
      overUnder.textContent = said.replace("{bids}", sum).replace("{by}", Math.abs(sum - cards));
      // Over or under is only news under the hook; without it, a plain line (never red).
      overUnder.className = "over-under" + (!hook ? "" : sum > cards ? " over" : sum < cards ? " under" : "");
    }

    // The deal's "Trump" box says the trump as soon as the chips decide it.
    var trumpShown = document.querySelector("[data-trump-shown]");
    function updateTrumpShown() {
      if (!trumpShown) return;
      if (trumpShown.dataset.first === undefined) trumpShown.dataset.first = trumpShown.textContent;
      var trump = roundTrump(form);
      var said = trump ? trumpShown.getAttribute("data-trump-" + (SUIT_LETTER[trump] || trump)) : null;
      trumpShown.textContent = said || trumpShown.dataset.first;
    }

    // The bids (and the trump) saved as soon as every bid is in, and again at every change
    // until the tricks are saved: every screen at the table shows them meanwhile.
    var saveBids = form.querySelector("[data-save-bids]");
    var bidsStatus = form.querySelector("[data-bids-status]");
    var sentBids = null, bidsTimer = null;
    function bidsBody() {
      var body = new FormData(form);
      form.querySelectorAll("input").forEach(function (input) {
        if (input.closest("[data-trick-row]") || playField(input.name)) body.delete(input.name);
      });
      return body;
    }
    function sendBids() {
      bidsTimer = null;
      // The round before, still on its way: these bids wait for the game's version it makes.
      if (form.dataset.confirming) { bidsTimer = window.setTimeout(sendBids, 600); return; }
      if (!saveBids || !bidsSaid() || !navigator.onLine) return;
      var body = bidsBody();
      var said = JSON.stringify(Array.from(body.entries()).filter(function (pair) {
        return pair[0] !== "key" && pair[0] !== "version" && pair[0] !== "csrf_token";
      }));
      if (said === sentBids) return;
      sendBidsForm(form, saveBids.formAction, body, bidsStatus, function () {
        sentBids = said;
        saveBids.hidden = true;  // saved: the button has nothing left to do
      }, function () { saveBids.hidden = false; });
    }
    // Saved already when the page was drawn: its button is not offered again.
    if (saveBids && bidsStatus && bidsStatus.textContent.trim()) saveBids.hidden = true;
    function bidsChanged(event) {
      var name = event && event.target ? event.target.name || "" : "";
      if (/^tricks_/.test(name) || playField(name)) return;
      if (bidsTimer) window.clearTimeout(bidsTimer);
      bidsTimer = window.setTimeout(sendBids, 600);
    }
    // The form on its way sends the bids itself: none is saved apart after it.
    form.addEventListener("submit", function () {
      if (bidsTimer) window.clearTimeout(bidsTimer);
      bidsTimer = null;
    });

    // "Everyone made their bid": each player's tricks set to their bid; then the
    // exceptions are tapped.
    // Offered only when it can be so: the bids add up to the tricks there are (never
    // under the hook, which forbids it).
    var allMade = form.querySelector("[data-all-made]");
    function updateAllMade() {
      if (!allMade) return;
      var bids = bidsSaid();
      var sum = bids ? bids.reduce(function (a, b) { return a + b; }, 0) : null;
      allMade.hidden = sum === null || sum !== tricksToTake();
    }
    if (allMade) {
      allMade.addEventListener("click", function () {
        form.querySelectorAll("[data-bid-row]").forEach(function (row) {
          var bid = checkedValue(form, "bid_" + row.dataset.seat);
          if (bid === null) return;
          var input = form.querySelector('input[name="tricks_' + row.dataset.seat + '"][value="' + bid + '"]');
          if (input) input.checked = true;
        });
        form.dispatchEvent(new Event("change", { bubbles: true }));
      });
    }

    form.addEventListener("change", function (event) {
      updateGamePart();
      updateTrickCount();
      updateHook();
      updateBidEcho();
      updateOverUnder();
      updateAllMade();
      updateTrumpShown();
      bidsChanged(event);
    });
    updateBidEcho();
    updateGamePart();
    updateTrickCount();
    updateHook();
    updateOverUnder();
    updateAllMade();
    updateTrumpShown();
  }

  // Hidden bids on the scorekeeper's screen: who has bid follows the players' phones (never
  // what); the trump and a bid entered for a player without a phone are saved as they are
  // tapped; once every bid is in (or revealed) the page shows them.
  function setUpHiddenBids(section) {
    var form = section.closest("form");
    var save = section.querySelector("[data-save-hidden]");
    var status = section.querySelector("[data-bids-status]");
    var timer = null;

    // A seat's row: whether its bid is in, and where it was made. A bid made on the
    // player's own phone is theirs: the chips to replace it wait for the box that
    // confirms it, and a chip tapped before that bid came in is taken back, unsent.
    function showSeat(seat, isIn, onPhone) {
      var done = section.querySelector('[data-bid-in="' + seat + '"]');
      var waiting = section.querySelector('[data-bid-waiting="' + seat + '"]');
      if (done) {
        done.hidden = !isIn;
        done.textContent = onPhone ? done.dataset.onPhone : done.dataset.enteredHere;
      }
      if (waiting) waiting.hidden = isIn;
      var entry = section.querySelector('[data-bid-entry="' + seat + '"]');
      if (!entry) return;
      var phone = isIn && onPhone;
      var box = entry.querySelector("[data-replace]");
      var tick = box ? box.querySelector("input[type=checkbox]") : null;
      entry.querySelector("[data-enter-summary]").hidden = phone;
      entry.querySelector("[data-replace-summary]").hidden = !phone;
      if (box) box.hidden = !phone;
      if (tick) {
        tick.disabled = !phone;
        if (!phone) tick.checked = false;
      }
      lockChips(entry, phone && !(tick && tick.checked));
    }
    function lockChips(entry, locked) {
      entry.querySelectorAll(".chip-input").forEach(function (input) {
        if (locked && input.checked) input.checked = false;
        input.disabled = locked;
      });
    }
    function seatOf(entry) { return entry.dataset.bidEntry; }
    section.querySelectorAll("[data-bid-entry]").forEach(function (entry) {
      var done = section.querySelector('[data-bid-in="' + seatOf(entry) + '"]');
      var box = entry.querySelector("[data-replace]");
      showSeat(seatOf(entry), !!done && !done.hidden, !!box && !box.hidden);
      var tick = box ? box.querySelector("input[type=checkbox]") : null;
      if (tick) tick.addEventListener("change", function () { lockChips(entry, !tick.checked); });
    });

    function send() {
      timer = null;
      if (!navigator.onLine) return;
      var body = new FormData(form);
      form.querySelectorAll("[data-trick-row] input").forEach(function (input) { body.delete(input.name); });
      var sent = {};
      body.forEach(function (value, name) { if (/^bid_\d+$/.test(name)) sent[name] = String(value); });
      sendBidsForm(form, save.formAction, body, status, function (answer) {
        var notTaken = answer.not_taken || [];
        Object.keys(sent).forEach(function (name) {
          var input = form.querySelector('input[name="' + name + '"]:checked');
          // Tapped again meanwhile: that one is still to send.
          if (input && input.value !== sent[name]) return;
          if (input) input.checked = false;
          if (notTaken.indexOf(name) >= 0) return;  // not in: still "not yet"
          // Taken: the bid is in, and nothing on this screen shows what it was.
          var seat = name.slice(4);
          var entry = section.querySelector('[data-bid-entry="' + seat + '"]');
          if (entry) entry.open = false;
          showSeat(seat, true, false);
        });
      }, null);
    }
    form.addEventListener("change", function (event) {
      if (!save || !event.target || /^tricks_/.test(event.target.name || "")) return;
      if (timer) window.clearTimeout(timer);
      timer = window.setTimeout(send, 500);
    });
    form.addEventListener("submit", function () {
      if (timer) window.clearTimeout(timer);
      timer = null;
    });
    function poll() {
      fetch(section.dataset.hiddenBids, { cache: "no-store", credentials: "same-origin",
                                         headers: { "Accept": "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (!data) return;
          if (!data.hidden || String(data.number) !== section.dataset.number) {
            window.location.reload();
            return;
          }
          data.bid_in.forEach(function (isIn, seat) {
            showSeat(String(seat), isIn, !!(data.by_phone && data.by_phone[seat]));
          });
        })
        .catch(function () {})
        .then(function () { window.setTimeout(poll, 3000); });
    }
    window.setTimeout(poll, 3000);
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
        option.textContent = name ? name : t("player", { num: index + 1 });
        option.hidden = !name;
      });
    }
    form.addEventListener("input", relabel);
    relabel();
  }

  // The watch page: ask for the game's version every few seconds (a 304 while nothing
  // changed) and reload the board when it moves on.
  function followGame(el) {
    var url = el.dataset.watch, version = el.dataset.version;
    var every = (parseInt(el.dataset.every, 10) || 4) * 1000;
    function poll() {
      fetch(url, { cache: "no-cache", headers: { "Accept": "application/json" } })
        .then(function (r) {
          if (r.status === 404) window.location.reload();  // the link was revoked
          return r.ok ? r.json() : null;
        })
        .then(function (data) {
          if (data && String(data.version) !== version) window.location.reload();
          else window.setTimeout(poll, every);
        })
        .catch(function () { window.setTimeout(poll, every); });
    }
    window.setTimeout(poll, every);
  }

  // A round being entered is kept on the phone until the server has confirmed it: it
  // survives a reload, a dropped connection or the phone locking, and is sent again
  // (with its one-time key, so never twice) when the connection comes back.
  function storage() {
    try { return window.localStorage; } catch (e) { return null; }
  }

  function draftName(form) {
    return "scorekeeper-draft:" + window.location.pathname + "#" + form.dataset.number;
  }

  // Each round form's draft, for the Save that shows the next round at once (saveAhead):
  // kept for later when its sending found no connection, done with once the server has it.
  var drafts = new WeakMap();

  function setUpDraft(form) {
    // What the server drew is what this page is for: never numbers the browser kept from
    // another page (autocomplete="off" on the form already asks it not to).
    form.reset();
    var store = storage();
    if (!store) return;
    // One draft per round: a page of another round never fills this one. A draft of the
    // game before another phone changed it fills it only while it is kept on the phone
    // for want of a connection (the server then says what changed and keeps these taps);
    // otherwise it is done with. "pending": true once sent, "kept" while it waits.
    var name = draftName(form);
    var mark = document.createElement("p");
    mark.className = "unsaved";
    mark.setAttribute("role", "status");
    mark.hidden = true;
    form.insertBefore(mark, form.firstChild);

    function read() {
      try { return JSON.parse(store.getItem(name) || "null"); } catch (e) { return null; }
    }
    function fields() {
      var data = {};
      new FormData(form).forEach(function (value, key) {
        if (key === "csrf_token") return;
        (data[key] = data[key] || []).push(String(value));
      });
      return data;
    }
    // Where a Save sends the form (the bids' own button sends it elsewhere), so a kept
    // copy is sent later where it was meant to go; and what the banner of a kept round
    // calls it on the game's other pages (showKeptRounds).
    var sentTo = null;
    function write(pending) {
      var draft = {
        game: form.dataset.game, version: form.dataset.version,
        fields: fields(), pending: pending,
        title: form.dataset.roundTitle || "", gameTitle: form.dataset.gameTitle || ""
      };
      if (pending && sentTo) { draft.action = sentTo.action; draft.bids = sentTo.bids; }
      store.setItem(name, JSON.stringify(draft));
    }
    function show(text) { mark.textContent = text; mark.hidden = false; }
    function apply(data) {
      Object.keys(data).forEach(function (key) {
        var values = data[key];
        form.querySelectorAll('[name="' + key + '"]').forEach(function (input) {
          if (input.type === "radio" || input.type === "checkbox") {
            input.checked = values.indexOf(input.value) !== -1;
          } else {
            input.value = values[0];
          }
        });
      });
      form.dispatchEvent(new Event("change", { bubbles: true }));
      form.dispatchEvent(new Event("input", { bubbles: true }));
    }

    // A round kept on the phone while the connection was down, sent now it is back:
    // the server says "Round 6 sent" rather than "saved".
    function sendKept() {
      var flag = form.querySelector('input[name="sent_later"]');
      if (!flag) {
        flag = document.createElement("input");
        flag.type = "hidden";
        flag.name = "sent_later";
        form.appendChild(flag);
      }
      flag.value = "1";
      var kept = read();
      if (kept && kept.action && sameSite(kept.action)) {
        sentTo = { action: kept.action, bids: !!kept.bids };
        form.action = kept.action;
      }
      write(true);  // on its way now: no longer only kept on the phone
      saveStatus(form, t("sending"), "");
      form.submit();
    }

    var draft = read();
    if (draft && draft.pending !== "kept" && draft.version !== form.dataset.version) {
      store.removeItem(name);
      draft = null;
    }
    if (draft && form.dataset.fresh === "yes") {
      apply(draft.fields);
      if (draft.pending && navigator.onLine) {
        show(t("sending"));
        sendKept();
        return;
      }
      show(t(draft.pending ? "waiting" : "restored"));
      if (draft.pending) saveStatus(form, t("kept"), "held");
    } else if (draft && form.dataset.fresh !== "yes") {
      write(false);  // the server has answered this form: nothing is waiting any more
    }

    drafts.set(form, {
      keep: function () {
        write("kept");  // kept on this phone until the connection is back
        show(t("offline"));
        sayBySave(form, t("kept"), "held");
      },
      done: function () { store.removeItem(name); },
      rebase: function () {
        // The form's version changed under it (the round before confirmed): a draft of
        // it is for that version.
        var kept = read();
        if (kept && !kept.pending) write(false);
      }
    });

    form.addEventListener("change", function () { write(false); show(t("unsaved")); });
    form.addEventListener("input", function () { write(false); show(t("unsaved")); });
    form.addEventListener("submit", function (event) {
      var button = event.submitter;
      sentTo = {
        action: button && button.hasAttribute("formaction") ? button.formAction : form.action,
        bids: !!(button && button.hasAttribute("data-save-bids"))
      };
      write(true);
      if (!navigator.onLine) {
        event.preventDefault();
        write("kept");  // kept on this phone until the connection is back
        show(t("offline"));
        sayBySave(form, t("kept"), "held");
        return;
      }
      sayBySave(form, t("saving"), "");
    });
    // A page on its way out (a link tapped, an address typed) sends nothing when the
    // connection comes back meanwhile: its form would take the place of the page asked
    // for. The round stays kept, for its banner or its own page to send. (A navigation
    // that never happens, a download say, leaves the page as it was.)
    var leaving = null;
    window.addEventListener("beforeunload", function () {
      if (leaving) window.clearTimeout(leaving);
      leaving = window.setTimeout(function () { leaving = null; }, 3000);
    });
    window.addEventListener("online", function () {
      // A form no longer on the screen (the next round drawn in its place) sends nothing.
      if (leaving || !form.isConnected) return;
      var current = read();
      if (current && current.pending) sendKept();
    });
  }

  // On a game's page, and on the round screen a Save lands on: drafts of changes the game
  // has moved past are done with (the round just saved among them). A round screen's own
  // draft is its own business (setUpDraft).
  function clearDrafts(game, current, own) {
    var store = storage();
    if (!store) return;
    var version = parseInt(current, 10);
    for (var i = store.length - 1; i >= 0; i--) {
      var key = store.key(i);
      if (!key || key === own || key.indexOf("scorekeeper-draft:/games/" + game + "/") !== 0) continue;
      try {
        var draft = JSON.parse(store.getItem(key));
        // A round kept on the phone until the connection is back is never dropped here.
        if (draft.pending !== "kept" && parseInt(draft.version, 10) < version) store.removeItem(key);
      } catch (e) { store.removeItem(key); }
    }
  }

  function sameSite(url) {
    try { return new URL(url, window.location.href).origin === window.location.origin; } catch (e) { return false; }
  }

  // -- A round kept on this phone, announced on the game's pages and the games list ---

  // A round (or its bids) whose Save found no connection is kept on the phone
  // ("pending": "kept"), or was sent and never answered ("pending": true). Every page of
  // its game and the games list say so, with one button that sends it as its own page
  // would: the same fields, its one-time key (a second send is stored once) and the round
  // it was made for, so the server answers whatever became of the game meanwhile.
  var DRAFT = "scorekeeper-draft:";
  function keptRounds(game, own) {
    var store = storage();
    var found = [];
    if (!store) return found;
    for (var i = 0; i < store.length; i++) {
      var key = store.key(i);
      if (!key || key.indexOf(DRAFT + "/games/") !== 0 || key === own) continue;
      var draft = null;
      try { draft = JSON.parse(store.getItem(key)); } catch (e) {}
      if (!draft || !draft.game || !draft.fields) continue;
      if (draft.pending !== "kept" && draft.pending !== true) continue;
      if (game !== null && String(draft.game) !== game) continue;
      found.push({ key: key, draft: draft });
    }
    found.sort(function (a, b) { return a.key < b.key ? -1 : 1; });
    return found;
  }

  // The game a page belongs to, from its address (/games/<id>/…); "" on the games list;
  // null on any other page.
  function pageGame() {
    var path = window.location.pathname;
    if (path === "/" || path === "/games") return "";
    var match = /^\/games\/([^/]+)(\/|$)/.exec(path);
    if (!match || match[1] === "new") return null;
    return decodeURIComponent(match[1]);
  }

  function showKeptRounds() {
    var game = pageGame();
    if (game === null) return;
    var ownForm = document.querySelector("form[data-draft]");
    var kept = keptRounds(game === "" ? null : game, ownForm ? draftName(ownForm) : null);
    if (!kept.length) return;
    var slot = document.querySelector("[data-kept-rounds]");
    if (!slot) {
      var main = document.querySelector("main") || document.body;
      slot = document.createElement("div");
      main.insertBefore(slot, main.firstChild);
    }
    kept.forEach(function (found) { slot.appendChild(keptBanner(found.key, found.draft, game)); });
  }

  function keptBanner(key, draft, pageOf) {
    var gamePage = "/games/" + encodeURIComponent(draft.game);
    var number = key.slice(key.lastIndexOf("#") + 1);
    var banner = document.createElement("section");
    banner.className = "kept-round";
    banner.setAttribute("data-kept-round", number);
    var what = document.createElement("p");
    what.className = "kept-what";
    var title = document.createElement("strong");
    title.textContent = draft.title || "#" + number;
    what.appendChild(title);
    if (draft.gameTitle) {
      what.appendChild(document.createTextNode(" · "));
      var onItsPage = pageOf === String(draft.game);
      var name = document.createElement(onItsPage ? "span" : "a");
      if (!onItsPage) name.href = gamePage;
      name.textContent = draft.gameTitle;
      what.appendChild(name);
    }
    var why = document.createElement("p");
    why.textContent = t(draft.bids ? "kept_bids" : "kept_round");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "primary";
    button.textContent = t("send_now");
    var said = document.createElement("p");
    said.className = "kept-said";
    said.setAttribute("role", "status");
    said.setAttribute("aria-live", "polite");
    banner.appendChild(what);
    banner.appendChild(why);
    banner.appendChild(button);
    banner.appendChild(said);
    banner.setAttribute("aria-label", title.textContent);

    var busy = false;
    button.addEventListener("click", function () {
      if (busy) return;  // a double tap sends once (and the one-time key would store it once)
      busy = true;
      button.setAttribute("aria-disabled", "true");
      said.className = "kept-said";
      said.textContent = t("sending");
      // The game's page, asked first: it says whether the server answers at all, and
      // gives the copy a fresh CSRF token (the kept copy keeps none).
      fetch(gamePage, { credentials: "same-origin", cache: "no-store" })
        .then(function (answer) {
          var landed = new URL(answer.url, window.location.href).pathname;
          if (!answer.ok || landed !== gamePage) return null;
          return answer.text();
        })
        .then(function (html) {
          var token = null;
          if (html) {
            var page = new DOMParser().parseFromString(html, "text/html");
            var input = page.querySelector('input[name="csrf_token"]');
            token = input ? input.value : null;
          }
          // Logged out, or the game gone: its page says so, as the server answers it.
          if (!token) { window.location.assign(gamePage); return; }
          sendKeptCopy(key, draft, token);
        })
        .catch(function () {
          busy = false;
          button.setAttribute("aria-disabled", "false");
          said.className = "kept-said held";
          said.textContent = t("still_offline");
        });
    });
    return banner;
  }

  // The kept copy posted as its own page would post it. The page the server answers with
  // says what became of it ("Round 5 sent.", "Round 5 is saved: the second tap changed
  // nothing.", "That page was for round 5, but the game is now at round 6…"), and there
  // the copy, no longer only kept, is done with (clearDrafts, setUpDraft).
  function sendKeptCopy(key, draft, token) {
    var path = key.slice(DRAFT.length, key.lastIndexOf("#"));
    var form = document.createElement("form");
    form.method = "post";
    form.action = draft.action && sameSite(draft.action) ? draft.action : path;
    form.hidden = true;
    function add(name, value) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    add("csrf_token", token);
    Object.keys(draft.fields).forEach(function (name) {
      if (name === "csrf_token" || name === "sent_later") return;
      draft.fields[name].forEach(function (value) { add(name, value); });
    });
    add("sent_later", "1");
    var store = storage();
    draft.pending = true;  // on its way now: no longer only kept on the phone
    if (store) store.setItem(key, JSON.stringify(draft));
    document.body.appendChild(form);
    form.submit();
  }

  // The offline page is shown at the address that failed: "Try again" asks for that page
  // again, not for the games list (its link without scripts).
  function setUpRetry(link) {
    if (window.location.pathname === "/offline") return;
    link.href = window.location.href;
    link.addEventListener("click", function (event) {
      event.preventDefault();
      window.location.reload();
    });
  }

  // Keep the screen on during a game, where the browser offers it.
  function keepAwake() {
    if (!("wakeLock" in navigator)) return;
    var request = function () {
      if (document.visibilityState === "visible") navigator.wakeLock.request("screen").catch(function () {});
    };
    document.addEventListener("visibilitychange", request);
    request();
  }

  // The offline page the service worker keeps is in the language it was fetched in: when
  // this page is in another (a language was picked), fetch it again in this one.
  function keepOfflinePageInLanguage() {
    if (!window.caches || !navigator.serviceWorker.controller) return;
    var lang = document.documentElement.lang;
    var any = { ignoreVary: true };
    caches.keys().then(function (names) {
      // Every shell kept (an older one may linger while a new worker takes over).
      var shells = names.filter(function (n) { return n.indexOf("scorekeeper-shell-") === 0; });
      return Promise.all(shells.map(function (shell) {
        return caches.open(shell).then(function (cache) {
          return cache.match("/offline", any).then(function (cached) {
            if (!cached) return;
            return cached.text().then(function (html) {
              if (html.indexOf('<html lang="' + lang + '"') !== -1) return;
              // Put in place of the copy kept (the same request): the service worker
              // always finds one, the old or the new, never none.
              return fetch("/offline", { credentials: "same-origin" }).then(function (fresh) {
                if (fresh.ok) return cache.put("/offline", fresh);
              });
            });
          });
        });
      }));
    }).catch(function () {});
  }

  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js").catch(function () {});
      keepOfflinePageInLanguage();
    });
  }

  // The referee's link on a round screen takes the trump (and order) being entered, so
  // the referee judges this round's tricks without asking for it again.
  function setUpRefereeLink(link) {
    var form = document.querySelector("form.round-form");
    if (!form) return;
    function update() {
      var trump = roundTrump(form);
      var url = new URL(link.href, window.location.href);
      if (trump) url.searchParams.set("trump", trump);
      parts().forEach(function (part) {
        var query = part.refereeQuery ? part.refereeQuery(form) : {};
        Object.keys(query).forEach(function (name) { url.searchParams.set(name, query[name]); });
      });
      link.href = url.pathname + url.search;
    }
    form.addEventListener("change", update);
    update();
  }


  // -- Save shows the next round at once ----------------------------------------------
  // A round screen whose next round the server can draw before this one is saved (its
  // form's data-ahead: where to ask for that round's content and what it takes to score
  // this one as the game's rules do: the kind's scoring, the totals so far, the sides;
  // the answer to a Save brings the round after the next) shows that next round the
  // moment Save is tapped, this round's scores added to the totals, while the round is
  // sent in the background with the form's own fields (its CSRF token and one-time key: a round sent
  // twice is stored once). The server stays the truth: its answer gives the next round's
  // form the game's new version and says the round is saved; a refusal or a conflict puts
  // the page it answers (the round as entered, with the reason) back on the screen; no
  // connection puts the entered round back, kept on the phone until the connection is
  // back, as a Save without a connection does. See docs/performance.md.
  var SETTLING_MS = 450;    // longer than a double tap's two taps apart
  var aheadSends = 0;       // a put-back page's generation: a Save waiting on another is for it
  var lastSave = null;      // the latest Save on its way: a promise of the game's version

  function points(value) { return value < 0 ? "\u2212" + (-value) : String(value); }

  // Each seat's score in the round on the form, as the rules score it, or null when the
  // page cannot tell (a part not tapped, a score the page was not given): the game's part
  // first; else a game of bidding tricks, each seat's bid (as the game counts it) and tricks
  // looked up in the rules' own table of scores.
  function roundScores(form, scoring) {
    var said = askParts("roundScores", [form, scoring]);
    if (said !== undefined) return said;
    if (!scoring.bid_scores) return null;
    var scores = [];
    for (var seat = 0; seat < scoring.totals.length; seat++) {
      var bid = checkedValue(form, "bid_" + seat), took = checkedValue(form, "tricks_" + seat);
      if (bid === null || took === null) return null;
      var counted = askParts("countedBid", [form, String(seat), bid]);
      var row = scoring.bid_scores[counted === undefined ? bid : counted];
      if (!row || row[took] === undefined) return null;
      scores.push(row[took]);
    }
    return scores;
  }

  // The totals line of a drawn round: each side's total, and the leaders marked.
  function showTotals(root, totals, sides) {
    var sideTotals = sides.map(function (seats) { return totals[seats[0]]; });
    var top = Math.max.apply(null, sideTotals);
    root.querySelectorAll("[data-side]").forEach(function (item) {
      var side = parseInt(item.dataset.side, 10);
      var total = item.querySelector("[data-total]");
      if (total) total.textContent = points(sideTotals[side]);
      var leads = sideTotals[side] === top;
      item.classList.toggle("leader", leads);
      item.querySelectorAll("[data-leader-mark]").forEach(function (mark) { mark.hidden = !leads; });
    });
  }

  function nothingTapped(form) {
    return !form.querySelector("input[type=radio]:checked, input[type=checkbox]:checked") &&
      !Array.from(form.querySelectorAll("input[type=text], input[type=number]")).some(function (input) {
        return input.value !== "";
      });
  }

  // The screen's content (the main part, less the kept rounds' banners) swapped for
  // ``nodes``; what it held is answered, to be put back.
  function swapContent(nodes) {
    var main = document.getElementById("main");
    var kept = main.querySelector("[data-kept-rounds]");
    var old = Array.from(main.childNodes).filter(function (node) { return node !== kept; });
    old.forEach(function (node) { main.removeChild(node); });
    nodes.forEach(function (node) { main.appendChild(node); });
    return old;
  }

  // The round after this one, asked of the server as soon as the page is set up (a round
  // takes longer to play than the answer to come): until it is here, Save sends the page.
  function setUpSaveAhead(form) {
    var url = form.dataset.ahead;
    if (!url || !window.fetch || !window.FormData) return;
    fetch(url, { credentials: "same-origin", cache: "no-store", headers: { "Accept": "application/json" } })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (said) { if (said && said.ahead && form.isConnected) saveAheadWith(form, said.ahead); })
      .catch(function () {});
  }

  function saveAheadWith(form, ahead) {
    var scoring = ahead.scoring;
    var template = document.createElement("template");
    template.innerHTML = ahead.page;
    form.addEventListener("submit", function (event) {
      if (event.defaultPrevented) return;  // held, or kept for want of a connection
      var button = event.submitter;
      if (button && !button.hasAttribute("data-save")) return;  // the bids' own button
      var scores = roundScores(form, scoring);
      if (scores === null) return;  // the server's page, as without scripts
      var totals = scoring.totals.map(function (total, seat) { return total + scores[seat]; });
      // The game's last round (a game that ends by its score): the server's final page.
      if (askParts("endsGame", [totals, scoring]) === true) return;
      event.preventDefault();
      saveAhead(form, template, scoring, totals);
    });
    form.dataset.aheadReady = "yes";
  }

  // A round drawn ahead whose round before is still on its way: its Save waits for that
  // one's answer (the game's version it makes, and the round after it drawn), then is
  // made again; a Save with nothing tapped is a second tap of the Save before (a double
  // tap), and nothing.
  function holdUntilConfirmed(form) {
    form.addEventListener("submit", function (event) {
      if (!form.dataset.confirming) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (nothingTapped(form)) return;
      var button = event.submitter;
      saveStatus(form, t("saving"), "");
      form.addEventListener("confirmed", function () {
        if (form.requestSubmit) form.requestSubmit(button || undefined);
        else form.submit();
      }, { once: true });
    }, true);
  }

  function saveAhead(form, template, scoring, totals) {
    var body = new FormData(form);
    var url = form.action;
    var generation = aheadSends;
    var title = document.title;
    var oldTitle = form.dataset.roundTitle || "";

    var entered = swapContent(Array.from(template.content.cloneNode(true).childNodes));
    var main = document.getElementById("main");
    var next = main.querySelector("form[data-draft]");
    showTotals(main, totals, scoring.sides);
    if (next) {
      next.dataset.confirming = "yes";
      holdUntilConfirmed(next);
      if (next.dataset.roundTitle && title.indexOf(oldTitle) === 0) {
        document.title = next.dataset.roundTitle + title.slice(oldTitle.length);
      }
    }
    // A step in the history, as a Save that lands on the next round's page makes: Back
    // stays on the round screen, which shows the game as it is (the round just saved,
    // and the next to enter).
    if (window.history.pushState) {
      window.history.pushState({ drawnAhead: true }, "", window.location.pathname);
    }
    window.scrollTo(0, 0);
    // A double tap's second tap lands where Save was: on the round just drawn, whatever
    // is there now. The drawn round takes no tap for the moment a double tap lasts.
    main.classList.add("settling");
    window.setTimeout(function () { main.classList.remove("settling"); }, SETTLING_MS);
    setUpContent(main);

    // Sent once the Save before is answered (its version is this form's), else at once.
    var before = lastSave || Promise.resolve(null);
    var sent = before.then(function (version) {
      if (generation !== aheadSends) return null;  // the round before was put back
      if (version !== null) body.set("version", version);
      // keepalive: a page left at once (the scoreboard tapped) still has the round sent.
      return fetch(url, {
        method: "POST", body: body, credentials: "same-origin", keepalive: true,
        headers: { "Accept": "application/json" }
      });
    });
    lastSave = sent.then(function (answer) {
      if (!answer || generation !== aheadSends) return null;
      var type = answer.headers.get("Content-Type") || "";
      if (answer.ok && type.indexOf("application/json") === 0) {
        return answer.json().then(function (said) { return confirmed(said); });
      }
      if (answer.ok && answer.redirected) {  // signed out, the game gone: where it leads
        window.location.assign(answer.url);
        return null;
      }
      return answer.text().then(function (html) { putBack(html); return null; });
    }, function () {
      // No connection after all: the round as entered back on the screen, kept on the
      // phone and sent when the connection is back (setUpDraft).
      if (generation !== aheadSends) return null;
      aheadSends += 1;
      swapContent(entered);
      document.title = title;
      var draft = drafts.get(form);
      if (draft) draft.keep();
      return null;
    });

    function confirmed(said) {
      var draft = drafts.get(form);
      if (draft) draft.done();
      if (!next || !next.isConnected) return said.version;
      if (said.next !== parseInt(next.dataset.number, 10)) {
        window.location.reload();  // the game is elsewhere than this page drew it
        return null;
      }
      var version = String(said.version);
      var field = next.querySelector('input[name="version"]');
      if (field) field.value = version;
      next.dataset.version = version;
      delete next.dataset.confirming;
      var own = drafts.get(next);
      if (own) own.rebase();
      var line = main.querySelector("[data-drawn-saved]");
      if (line) line.textContent = said.message;
      // The rules' totals are the truth: the page's own never differ, but if they did,
      // the server's are shown.
      if (said.totals.join() !== totals.join()) showTotals(main, said.totals, scoring.sides);
      // The round after this next one, drawn by the server now that it has this one.
      if (said.ahead) saveAheadWith(next, said.ahead);
      next.dispatchEvent(new Event("confirmed"));
      return version;
    }

    // The server's answer to the round (refused, or the game changed elsewhere) in place
    // of the round drawn ahead: the round as entered, with the reasons.
    function putBack(html) {
      aheadSends += 1;
      lastSave = null;
      var page = new DOMParser().parseFromString(html, "text/html");
      var answered = page.getElementById("main");
      if (!answered) { window.location.reload(); return; }
      var kept = answered.querySelector("[data-kept-rounds]");
      if (kept) kept.remove();
      swapContent(Array.from(answered.childNodes).map(function (node) { return document.adoptNode(node); }));
      if (page.title) document.title = page.title;
      window.scrollTo(0, 0);
      setUpContent(main);
    }
  }


  // A round's page shown again from the browser's memory (Back after Save) would show the
  // game as it was: ask the server for it as it is.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && document.querySelector("form[data-draft]")) window.location.reload();
  });

  // What a round screen's content needs of the script: on the page as served, and again
  // on the content a Save draws in its place (the next round, or the round put back).
  // ``drafted``: what is done once the drafts are set up (the page's kept rounds shown).
  function setUpContent(root, drafted) {
    root.querySelectorAll("a[data-referee-link]").forEach(setUpRefereeLink);
    root.querySelectorAll("form[data-draft]").forEach(guardSave);
    root.querySelectorAll("form[data-draft]").forEach(setUpDraft);
    root.querySelectorAll("form[data-draft][data-version]").forEach(function (form) {
      if (form.dataset.version) clearDrafts(form.dataset.game, form.dataset.version, draftName(form));
    });
    if (drafted) drafted();
    root.querySelectorAll("form[data-round]").forEach(setUpRoundForm);
    root.querySelectorAll("[data-hidden-bids]").forEach(setUpHiddenBids);
    parts().forEach(function (part) { if (part.setUp) part.setUp(); });
    root.querySelectorAll("form[data-draft]").forEach(setUpSaveAhead);
    root.querySelectorAll("[data-problems]").forEach(setUpProblems);
    root.querySelectorAll("[data-autosubmit]").forEach(function (el) {
      el.addEventListener("change", function () { el.form.submit(); });
    });
    root.querySelectorAll("form[data-confirm]").forEach(function (form) {
      form.addEventListener("submit", function (event) {
        if (!window.confirm(form.dataset.confirm)) event.preventDefault();
      });
    });
  }

  ready(function () {
    if (document.querySelector("form[data-draft]") && "scrollRestoration" in window.history) {
      window.history.scrollRestoration = "manual";
    }
    document.querySelectorAll("[data-game-page]").forEach(function (el) {
      clearDrafts(el.dataset.gamePage, el.dataset.version, null);
    });
    setUpContent(document, function () {
      showKeptRounds();  // after the drafts the game has moved past are done with
      document.querySelectorAll("[data-retry]").forEach(setUpRetry);
      if (document.querySelector("form[data-draft], [data-wake-lock]")) keepAwake();
      document.querySelectorAll("[data-watch]").forEach(followGame);
    });
    document.querySelectorAll("form[data-new-game]").forEach(setUpNewGame);
  });
})();
