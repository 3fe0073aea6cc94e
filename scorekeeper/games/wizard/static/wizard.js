// Wizard's part of the round screen (static/app.js asks it): the card turned may be a
// Wizard, a Jester or one of the anniversary's special cards, the Werewolf's holder names
// the trump, the Bomb takes a trick from the count and the Cloud changes a bid
// (RULES.md, Wizard › Trump; Wizard with the anniversary special cards).
(window.scorekeeperGames = window.scorekeeperGames || []).push(function (app) {
  "use strict";

  // A Wizard or a special card other than the Fairy and the Bomb turned: the dealer names
  // a suit, unless the Werewolf's holder names the trump.
  var DEALER_NAMES = ["wizard", "cloud", "dragon", "juggler", "werewolf", "shapeshifter"];
  var NO_TRUMP = ["jester", "fairy", "bomb"];

  function trump(form) {
    var turned = app.pickedValue(form, "turned");
    if (app.pickedValue(form, "werewolf_seat")) return app.pickedValue(form, "werewolf_trump");
    if (NO_TRUMP.indexOf(turned) >= 0) return "none";
    if (DEALER_NAMES.indexOf(turned) >= 0) return app.pickedValue(form, "wizard_trump");
    return undefined;  // a suit turned, or nothing yet
  }

  function update(form) {
    var wizardTrump = form.querySelector("[data-wizard-trump]");
    if (!wizardTrump) return;
    var turned = form.querySelector('input[name="turned"]:checked');
    var werewolf = form.querySelector('input[name="werewolf_seat"]:checked');
    var swapped = !!(werewolf && werewolf.value !== "");
    wizardTrump.hidden = swapped || !(turned && DEALER_NAMES.indexOf(turned.value) >= 0);
  }

  // With the Bomb played nobody takes its trick: one trick fewer to add up.
  function tricks(form, cards) {
    var bomb = form.querySelector("input[name=bomb]");
    if (!(bomb && bomb.checked)) return undefined;
    return { won: cards - 1, count: "tricks_bomb", held: "held_tricks_bomb" };
  }

  // The Cloud's winner's bid as made and as changed: "bid 2 → 3".
  function bidEcho(form, seat, bid) {
    var cloud = form.querySelector('input[name="cloud_seat"]:checked');
    var change = app.checkedValue(form, "cloud_change");
    if (!(cloud && cloud.value === seat && change !== null)) return undefined;
    return app.t("bid_changed", { bid: bid, changed: bid + change });
  }

  // The bid the round is scored against: the Cloud's winner's, changed (the page's score
  // of the round, RULES.md, Wizard with the anniversary special cards).
  function countedBid(form, seat, bid) {
    var cloud = form.querySelector('input[name="cloud_seat"]:checked');
    var change = app.checkedValue(form, "cloud_change");
    if (!(cloud && cloud.value === seat && change !== null)) return undefined;
    return bid + change;
  }

  // The Bomb and the Cloud are facts of the play: never sent with the bids.
  function playField(name) { return /^bomb$|^cloud_/.test(name); }

  return { trump: trump, update: update, tricks: tricks, bidEcho: bidEcho, countedBid: countedBid,
           playField: playField };
});
