// Spades' part of the hand's screen (static/app.js asks it): the hand scored as the rules
// score it, so that Save shows the next hand at once, and whether it ends the game
// (RULES.md, Spades › Scoring; rules.py: side_hand, SpadesGame.is_over). The numbers (a
// nil's points, the bags a penalty takes and what it costs, each side's bags before the
// hand, the target) are the rules' own, given by the kind's scoring.
(window.scorekeeperGames = window.scorekeeperGames || []).push(function (app) {
  "use strict";

  // A bid as its chip sends it: "0" is nil, "blind_nil" blind nil, else the tricks bid.
  function nilWord(bid) { return bid === "0" ? "nil" : bid === "blind_nil" ? bid : null; }

  // A side's change of total: a made contract 10 a trick bid and 1 a trick over (each a
  // bag), a broken one minus 10 a trick bid; a nil kept or lost; every full 10 bags a
  // penalty, the 10 bags taken off.
  function sideScore(bids, tricks, bagsBefore, scoring) {
    var nilPoints = 0, contract = 0, took = 0, counting = 0;
    bids.forEach(function (bid, i) {
      var nil = nilWord(bid);
      if (nil) {
        nilPoints += scoring.nil_points[nil] * (tricks[i] === 0 ? 1 : -1);
      } else {
        counting += 1;
        contract += parseInt(bid, 10);
        took += tricks[i];
      }
    });
    var points = 0, newBags = 0;
    if (counting) {
      if (took >= contract) {
        newBags = took - contract;
        points = 10 * contract + newBags;
      } else {
        points = -10 * contract;
      }
    }
    var penalty = 0;
    if (scoring.bag_penalty) {
      penalty = -scoring.penalty * Math.floor((bagsBefore + newBags) / scoring.bags_per_penalty);
    }
    return points + nilPoints + penalty;
  }

  // Each seat's score: its side's change; null until every bid and every count is in.
  function roundScores(form, scoring) {
    if (!scoring.nil_points) return undefined;
    var bids = [], tricks = [];
    for (var seat = 0; seat < scoring.totals.length; seat++) {
      var bid = app.pickedValue(form, "bid_" + seat), took = app.checkedValue(form, "tricks_" + seat);
      if (bid === null || took === null) return null;
      bids.push(bid);
      tricks.push(took);
    }
    var scores = [];
    scoring.sides.forEach(function (seats, side) {
      var score = sideScore(seats.map(function (s) { return bids[s]; }),
                            seats.map(function (s) { return tricks[s]; }),
                            scoring.bags[side], scoring);
      seats.forEach(function (s) { scores[s] = score; });
    });
    return scores;
  }

  // Over once a side reaches the target with a higher total than the other.
  function endsGame(totals, scoring) {
    if (!scoring.nil_points) return undefined;
    var sides = scoring.sides.map(function (seats) { return totals[seats[0]]; });
    var top = Math.max.apply(null, sides);
    return top >= scoring.target && sides.filter(function (t) { return t === top; }).length === 1;
  }

  return { roundScores: roundScores, endsGame: endsGame };
});
