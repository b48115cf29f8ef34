"use strict";
(() => {
  const body = document.body;
  const seat = body.dataset.seat, game = body.dataset.game;
  const base = "/s/" + body.dataset.token;
  let current = null;

  const key = document.getElementById("key");
  const mayGuess = (v) => game === "duet" && v.phase === "guess" && (v.next === seat || v.next === "either");
  const mayClue = (v) => v.status === "playing" && v.phase === "clue" && (v.next === seat || v.next === "either");
  // A classic spymaster covers a word: in the solo variant an enemy agent
  // after each of the team's turns, in the teams game (optionally) one of
  // their own agents after the other team's invalid clue.
  const coverKind = (v) => {
    if (game !== "classic" || v.status !== "playing" || v.next !== seat) return "";
    if (v.phase === "cover") return "enemy_cover";
    return v.phase === "clue" && v.may_cover ? "cover" : "";
  };
  const mayCover = (v, c) => {
    const k = coverKind(v);
    if (!k || c.covered || (c.role !== "red" && c.role !== "blue")) return false;
    return k === "cover" ? c.role === seat : c.role !== seat;
  };

  let wasMyTurn = null;
  const render = (g) => {
    current = g;
    const v = g.state;
    let turn = fk.status(g);
    if (mayGuess(v)) turn = fk.t("cn.page.your_guess") + " · " + turn;
    else if (coverKind(v) === "enemy_cover") turn = fk.t("cn.page.your_cover") + " · " + turn;
    else if (coverKind(v) === "cover") turn = fk.t("cn.page.your_clue_cover") + " · " + turn;
    else if (mayClue(v)) turn = fk.t("cn.page.your_clue") + " · " + turn;
    document.getElementById("status").textContent = turn;
    // A sound and a vibration when it becomes this seat's turn.
    const myTurn = mayGuess(v) ? "guess" : mayClue(v) ? "clue" : coverKind(v);
    body.classList.toggle("my-turn", myTurn !== "");
    if (myTurn && wasMyTurn !== null && myTurn !== wasMyTurn) { fk.buzz(200); fk.beep(1); }
    wasMyTurn = myTurn;
    // The clue's warnings, on the phone of the seat that gave it.
    const mine = v.clue && v.clue.by === seat;
    fk.showWarnings(document.getElementById("clue-warnings"), mine ? g : {state: {}}, fk.t("cn.page.clue_stands"));
    fk.endBanner(document.getElementById("banner"), g, game === "classic" ? seat : "");
    if (!document.getElementById("banner").hidden) document.getElementById("banner").append(fk.el("p", "hint", fk.t("cn.page.phone_follows")));
    showTimer(g);
    key.replaceChildren();
    for (const c of g.key.cells) {
      const d = fk.el("button", "cell role-" + c.role);
      d.type = "button";
      d.dataset.cell = c.cell.join(",");
      d.append(fk.el("span", "word", c.word || fk.cellName(c.cell)));
      d.append(fk.el("span", "role", fk.word(fk.shortRoles, c.role)));
      if (c.covered) d.classList.add("covered");
      if (c.mark === "bystander" && !c.covered) d.append(fk.hourglass());
      if (c.mark) d.classList.add("mark-" + c.mark);
      d.disabled = (!mayGuess(v) || c.covered) && !mayCover(v, c);
      if (mayCover(v, c)) d.classList.add("may-cover");
      key.append(d);
    }
    fk.fitWords(key);
    document.getElementById("clue").hidden = !mayClue(v);
    document.getElementById("stop").hidden = !(game === "duet" && v.phase === "guess" && v.next === seat && v.status === "playing");
  };

  const send = async (event) => {
    const r = await fk.call("POST", base + "/events", event);
    fk.showError(r.ok ? "" : r.data);
    return r;
  };
  key.addEventListener("click", (ev) => {
    const b = ev.target.closest(".cell");
    if (!b || b.disabled) return;
    send({type: coverKind(current.state) || "guess", cell: b.dataset.cell.split(",").map(Number)});
  });
  const clue = document.getElementById("clue");
  clue.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const e = {type: "clue", word: clue.word.value.trim(), count: +clue.count.value};
    if (clue.unlimited && clue.unlimited.checked) e.count = "unlimited";
    send(e).then((r) => { if (r.ok) { clue.word.value = ""; if (clue.unlimited) clue.unlimited.checked = false; } });
  });
  document.getElementById("stop").addEventListener("click", () => send({type: "stop"}));

  // Hide: cover the key when the phone lies on the table or others look.
  const hide = document.getElementById("hide");
  hide.addEventListener("click", () => {
    const on = !body.classList.contains("hiding");
    body.classList.toggle("hiding", on);
    hide.textContent = on ? fk.t("cn.page.show") : fk.t("cn.page.hide");
    hide.setAttribute("aria-pressed", on);
    document.getElementById("hidden-note").hidden = !on;
  });

  const scan = document.getElementById("scan");
  if (scan) {
    scan.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const r = await fk.call("POST", base + "/scan", new FormData(scan));
      fk.showError(r.ok ? "" : r.data);
      document.getElementById("scan-report").textContent = r.ok ? fk.scanText(r.data.scan) : "";
    });
  }

  // The sand timer: this phone turns it over; it rings and vibrates at the end.
  const showTimer = fk.timer(document.getElementById("timer"), (seconds) => send({type: "timer", seconds}), () => { fk.beep(3); fk.buzz([300, 100, 300, 100, 600]); });
  window.addEventListener("resize", () => fk.fitWords(key));

  // The seat follows its table: a new game reloads the page, which then
  // shows this seat's part in it.
  fk.stream(base + "/stream", (g) => {
    if (g.id !== body.dataset.gameId) { location.reload(); return; }
    render(g);
  });
})();
