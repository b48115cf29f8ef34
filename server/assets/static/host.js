"use strict";
(() => {
  const body = document.body;
  const id = body.dataset.id, token = body.dataset.token, game = body.dataset.game;
  const api = "/api/games/" + id;
  let current = null;

  const send = async (event) => {
    const r = await fk.call("POST", api + "/events", event, token);
    fk.showError(r.ok ? "" : r.data.error);
    if (r.ok) render(r.data);
    return r;
  };

  const board = document.getElementById("board");
  const render = (g) => {
    current = g;
    const v = g.state;
    document.getElementById("status").textContent = fk.status(g);
    board.replaceChildren();
    const words = [];
    for (const c of v.cells || []) {
      words.push(c.word || "");
      const d = fk.el("button", "cell");
      d.type = "button";
      d.dataset.cell = c.cell.join(",");
      d.append(fk.el("span", "word", c.word || fk.cellName(c.cell)));
      if (c.covered) d.classList.add("covered");
      if (c.agent_for) d.classList.add("agent");
      if (c.assassin_for) d.classList.add("assassin");
      if (c.revealed) d.classList.add("revealed-" + c.revealed);
      for (const b of c.bystander_for || []) d.append(fk.el("span", "token token-" + b, "⌛" + b.toUpperCase()));
      board.append(d);
    }
    const hist = document.getElementById("history");
    hist.replaceChildren(...g.history.slice().reverse().map((h) => fk.el("li", "", fk.eventText(h, words))));
    const warn = document.getElementById("warnings");
    warn.replaceChildren(...(g.warnings || []).map((w) => fk.el("li", "", w)));
    for (const li of document.querySelectorAll(".seats li")) {
      li.querySelector(".seat-status").textContent = g.seats[li.dataset.seat] === "taken" ? "joined" : "free";
    }
    document.querySelector(".guesser").hidden = v.status !== "sudden_death";
    document.getElementById("stop").disabled = v.phase !== "guess" || v.status !== "playing";
    document.getElementById("penalty").disabled = v.phase !== "guess" || v.status !== "playing";
    document.getElementById("undo").disabled = g.seq === 0;
  };

  board.addEventListener("click", (ev) => {
    const b = ev.target.closest(".cell");
    if (!b || !current) return;
    const cell = b.dataset.cell.split(",").map(Number);
    const v = current.state;
    const e = {type: "guess", cell};
    if (game === "classic" && v.phase === "cover") e.type = "enemy_cover";
    else if (game === "classic" && v.may_cover && v.phase === "clue") e.type = "cover";
    if (game === "duet" && v.status === "sudden_death") e.by = document.getElementById("guesser").value;
    send(e);
  });

  const clue = document.getElementById("clue");
  clue.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const e = {type: "clue", word: clue.word.value.trim(), count: +clue.count.value};
    if (clue.unlimited && clue.unlimited.checked) e.count = "unlimited";
    if (clue.by.value) e.by = clue.by.value;
    send(e).then((r) => { if (r.ok) clue.word.value = ""; });
  });
  document.getElementById("stop").addEventListener("click", () => send({type: "stop"}));
  document.getElementById("penalty").addEventListener("click", () => send({type: "penalty"}));
  document.getElementById("undo").addEventListener("click", async () => {
    const r = await fk.call("POST", api + "/undo", undefined, token);
    fk.showError(r.ok ? "" : r.data.error);
    if (r.ok) render(r.data);
  });

  // Join codes: one at a time, so the wrong player does not scan it.
  const qr = document.getElementById("qr");
  let shown = "";
  for (const li of document.querySelectorAll(".seats li")) {
    const seat = li.dataset.seat;
    const btn = li.querySelector(".show-qr");
    btn.addEventListener("click", () => {
      for (const b of document.querySelectorAll(".show-qr")) b.textContent = "Show join code";
      if (shown === seat) { qr.hidden = true; shown = ""; return; }
      shown = seat;
      qr.querySelector("img").src = "/h/" + token + "/qr/" + seat + "?t=" + Date.now();
      qr.querySelector("figcaption").textContent = "Seat " + seat.toUpperCase() + ": scan with that player's phone";
      qr.hidden = false;
      btn.textContent = "Hide join code";
    });
    li.querySelector(".release").addEventListener("click", async () => {
      const r = await fk.call("POST", api + "/seats/" + seat + "/release", undefined, token);
      fk.showError(r.ok ? "" : r.data.error);
      if (r.ok) render(r.data);
    });
  }

  const scan = document.getElementById("scan");
  if (scan) {
    scan.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const r = await fk.call("POST", api + "/scan", new FormData(scan), token);
      fk.showError(r.ok ? "" : r.data.error);
      const rep = document.getElementById("scan-report");
      if (r.ok) {
        rep.textContent = r.data.scan.events.length + " event(s) from the photo" + (r.data.scan.refused ? "; refused: " + r.data.scan.refused : "");
        render(r.data.state);
      }
    });
  }

  fk.stream(api + "/events/stream", render);
})();
