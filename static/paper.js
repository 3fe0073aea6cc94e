// A played sheet typed in (templates/paper/enter.html): each cell in the order a pen fills
// the row (its data-pen), focus moving on as soon as a number is complete (no further digit
// could give a number the cell holds: data-most) or on Enter, back on Backspace in an empty
// cell; each row judged by the server's rules as it is finished (data-check), its refusal
// shown under it and the worked-out scores and totals beside it. Without this script the
// form posts every row at once and the page answers the same.
(function () {
  "use strict";
  function start() {
    var form = document.querySelector("form[data-paper]");
    if (!form) return;
    var cells = Array.prototype.slice.call(form.querySelectorAll("input[data-pen]"));
    cells.sort(function (a, b) { return Number(a.dataset.pen) - Number(b.dataset.pen); });
    var checking = null, again = false;

    function rowOf(cell) { return cell.closest("tr[data-row]"); }
    function complete(cell) {
      var value = cell.value, most = Number(cell.dataset.most);
      if (!value) return false;
      return value.length >= String(most).length || Number(value) * 10 > most;
    }
    function showMark(cell) {
      var mark = cell.parentNode.querySelector(".mark");
      if (!mark || !cell.dataset.marks) return;
      var said = JSON.parse(cell.dataset.marks)[cell.value];
      mark.textContent = said ? said[0] : "";
      mark.classList.toggle("red", Boolean(said && said[1]));
    }
    function move(cell, step) {
      var next = cells[cells.indexOf(cell) + step];
      if (rowOf(cell) !== (next && rowOf(next)) && !checking) check();
      if (next) { next.focus(); next.select(); }
      else form.querySelector("[data-save]").focus();
    }
    function check() {
      if (checking) { again = true; return; }
      var body = new FormData(form);
      body.delete("action");
      checking = fetch(form.dataset.check, { method: "POST", body: body, credentials: "same-origin" })
        .then(function (answer) { return answer.ok ? answer.json() : null; })
        .then(function (judged) { if (judged) show(judged); })
        .catch(function () { /* offline: the form still posts, and the page judges it */ })
        .then(function () { checking = null; if (again) { again = false; check(); } });
    }
    function show(judged) {
      var byNumber = {};
      judged.rows.forEach(function (row) { byNumber[row.number] = row; });
      form.querySelectorAll("tr[data-row]").forEach(function (tr) {
        var row = byNumber[tr.dataset.row], says = form.querySelector('tr[data-says="' + tr.dataset.row + '"]');
        var errors = row ? row.errors : [];
        tr.classList.toggle("bad", errors.length > 0);
        tr.classList.toggle("ok", Boolean(row && row.totals.length));
        tr.querySelectorAll("[data-score]").forEach(function (td) {
          td.textContent = row && row.scores.length ? row.scores[td.dataset.score] : "";
        });
        tr.querySelectorAll("[data-total]").forEach(function (td) {
          td.textContent = row && row.totals.length ? row.totals[td.dataset.total] : "";
        });
        var box = says.querySelector("div");
        box.textContent = "";
        errors.forEach(function (message) {
          var p = document.createElement("p");
          p.className = "error";
          p.setAttribute("role", "alert");
          p.textContent = (form.dataset.rowSays || "%(number)s: %(problem)s")
            .replace("%(number)s", tr.dataset.row).replace("%(problem)s", message);
          box.appendChild(p);
        });
        says.hidden = errors.length === 0;
      });
    }
    cells.forEach(function (cell) {
      showMark(cell);
      cell.addEventListener("input", function () {
        var digits = cell.value.replace(/[^0-9]/g, "");
        if (digits !== cell.value) cell.value = digits;
        showMark(cell);
        var row = rowOf(cell);
        var filled = Array.prototype.every.call(row.querySelectorAll("input[data-pen]"), function (box) { return box.value; });
        if (filled) check();  // a row finished, or put right: judged again
        if (complete(cell)) move(cell, 1);
      });
      cell.addEventListener("keydown", function (event) {
        if (event.key === "Enter") {
          event.preventDefault();
          move(cell, 1);
        } else if (event.key === "Backspace" && !cell.value && cells.indexOf(cell) > 0) {
          event.preventDefault();
          move(cell, -1);
        }
      });
      cell.addEventListener("focus", function () { cell.select(); });
    });
    // Another first dealer: every row's dealer follows round the table, and the rows
    // typed are judged again (a dealer's hook is the dealer's).
    var firstDealer = form.querySelector("select[data-first-dealer]");
    if (firstDealer) {
      firstDealer.addEventListener("change", function () {
        var names = Array.prototype.map.call(firstDealer.options, function (option) { return option.text; });
        form.querySelectorAll("tr[data-row]").forEach(function (tr) {
          var seat = (Number(firstDealer.value) + Number(tr.dataset.row) - 1) % names.length;
          tr.querySelector("[data-dealer]").textContent = names[seat];
        });
        if (cells.some(function (cell) { return cell.value; })) check();
      });
    }
    var first = cells.filter(function (cell) { return !cell.value; })[0];
    if (first) first.focus({ preventScroll: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
