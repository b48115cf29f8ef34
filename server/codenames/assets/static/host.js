"use strict";
(() => {
  const body = document.body;
  const id = body.dataset.id, table = body.dataset.table, token = body.dataset.token, game = body.dataset.game;
  const api = "/api/games/" + id;
  let current = null;

  // Answers only show errors: the page draws what the stream says, in order.
  const send = async (event) => {
    const r = await fk.call("POST", api + "/events", event, token);
    fk.showError(r.ok ? "" : r.data);
    return r;
  };

  const board = document.getElementById("board");
  const qr = document.getElementById("qr");
  let shown = "";
  const hideQR = () => {
    qr.hidden = true;
    shown = "";
    for (const b of document.querySelectorAll(".show-qr")) b.textContent = fk.t("seat.show_code");
  };
  const render = (g) => {
    current = g;
    const v = g.state;
    document.getElementById("status").textContent = fk.status(g);
    board.replaceChildren();
    const words = [];
    for (const [i, c] of (v.cells || []).entries()) {
      words.push(c.word || "");
      const d = fk.el("button", "cell");
      d.type = "button";
      d.dataset.cell = c.cell.join(",");
      d.append(fk.el("span", "word", c.word || fk.cellName(c.cell)));
      if (c.covered) d.classList.add("covered");
      if (c.agent_for) d.classList.add("agent");
      if (c.assassin_for) d.classList.add("assassin");
      if (c.revealed) d.classList.add("revealed-" + c.revealed);
      for (const b of c.bystander_for || []) {
        const tok = fk.el("span", "token token-" + b, b.toUpperCase());
        tok.prepend(fk.hourglass());
        tok.title = fk.t("cn.page.bystander_on", {side: b.toUpperCase()});
        d.append(tok);
      }
      fk.tagCell(d, c, g.reveal, i);
      board.append(d);
    }
    fk.fitWords(board);
    const hist = document.getElementById("history");
    hist.replaceChildren(...g.history.slice().reverse().map((h) => fk.el("li", "", fk.eventText(h, words))));
    if (g.scan && g.scan.at !== lastScan) {
      lastScan = g.scan.at;
      if (g.scan.source === "upload") refreshCamera();
    }
    fk.showWarnings(document.getElementById("clue-warnings"), g, fk.t("cn.page.overrule", {button: fk.t("cn.page.penalty")}));
    fk.endBanner(document.getElementById("banner"), g);
    document.getElementById("end").hidden = document.getElementById("banner").hidden;
    showTimer(g);
    const how = document.getElementById("camera-how"); // how the camera reads this table (a boxed set: by the words)
    if (how) { how.textContent = g.camera ? fk.say(g.camera) : ""; how.hidden = !g.camera; }
    for (const e of document.querySelectorAll("#next-game .boxed-only")) e.hidden = !g.boxed;
    const warn = document.getElementById("warnings");
    warn.replaceChildren(...(g.warnings || []).map((w) => fk.el("li", "", fk.sayOr(w))));
    for (const li of document.querySelectorAll(".seats li")) {
      const taken = g.seats[li.dataset.seat] === "taken";
      li.querySelector(".seat-status").textContent = taken ? fk.t("seat.taken") : fk.t("seat.free");
      if (taken && shown === li.dataset.seat) hideQR(); // the seat's phone is in
    }
    document.getElementById("stop").disabled = v.phase !== "guess" || v.status !== "playing";
    document.getElementById("penalty").disabled = v.phase !== "guess" || v.status !== "playing";
    document.getElementById("undo").disabled = g.seq === 0;
  };

  board.addEventListener("click", (ev) => {
    const b = ev.target.closest(".cell");
    if (!b || !current) return;
    const cell = b.dataset.cell.split(",").map(Number);
    const g = current, v = g.state;
    const e = {type: "guess", cell};
    // A spymaster's cover needs the key: only the spymaster's phone sends it.
    if (game === "classic" && (v.phase === "cover" || (v.may_cover && v.phase === "clue"))) {
      fk.showError({msg: {id: "cn.page.cover_on_phone"}});
      return;
    }
    // Sudden death: a word can be an agent for one seat and the assassin
    // for the other, so the page never assumes who touched it: it asks,
    // and sends nothing until a seat is chosen.
    if (game === "duet" && v.status === "sudden_death") {
      const word = b.querySelector(".word").textContent;
      fk.choose(fk.t("cn.page.who_guesses_word", {word}), ["a", "b"].map((s) => ({value: s, label: fk.seatText(s)}))).then((by) => {
        if (!by || !current || current.seq !== g.seq) return; // cancelled, or the game moved on meanwhile
        e.by = by;
        send(e);
      });
      return;
    }
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
    fk.showError(r.ok ? "" : r.data);
  });

  // Join codes: one at a time, so the wrong player does not scan it.

  for (const li of document.querySelectorAll(".seats li")) {
    const seat = li.dataset.seat;
    const btn = li.querySelector(".show-qr");
    btn.addEventListener("click", async () => {
      if (shown === seat) { hideQR(); return; }
      hideQR();
      // The page holds no seat link: it asks for a free seat's when shown.
      const r = await fk.call("GET", "/h/" + token + "/link/" + seat);
      if (!r.ok) { fk.showError(r.data); return; }
      shown = seat;
      qr.querySelector("img").src = "/h/" + token + "/qr/" + seat + "?t=" + Date.now();
      qr.querySelector("figcaption").textContent = fk.t("seat.scan_or_open", {seat: li.querySelector(".seat-name").textContent});
      const link = document.getElementById("qr-link");
      link.textContent = r.data.link;
      link.href = r.data.link;
      qr.hidden = false;
      btn.textContent = fk.t("seat.hide_code");
    });
    li.querySelector(".release").addEventListener("click", async () => {
      const r = await fk.call("POST", api + "/seats/" + seat + "/release", undefined, token);
      fk.showError(r.ok ? "" : r.data);
    });
  }

  const scan = document.getElementById("scan");
  if (scan) {
    scan.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const r = await fk.call("POST", api + "/scan", new FormData(scan), token);
      fk.showError(r.ok ? "" : r.data);
      document.getElementById("scan-report").textContent = r.ok ? fk.scanText(r.data.scan) : "";
      refreshCamera();
    });
  }

  // The camera view: the webcam's last frame when the camera watches this
  // game, else the last photo scanned, with what the scanner saw drawn on it.
  const view = document.getElementById("camera-view");
  const camStatus = document.getElementById("camera-status");
  const take = document.getElementById("take-camera");
  let lastScan = "", watching = false;
  const refreshCamera = async () => {
    if (!view) return;
    const st = await fk.showCamera(token, view, camStatus, take, (k, a, n) => {
      switch (k) {
        case "watching": return fk.t("camera.watching", {state: a, n});
        case "read": return fk.t("camera.grid_read");
        case "not": return fk.t("camera.no_grid", {reason: fk.sayOr(a)});
        case "starting": return fk.t("camera.starting");
        case "other": return fk.t("camera.other");
        case "last": return fk.t("camera.last");
      }
      return fk.t("camera.none");
    });
    if (st) watching = st.watching;
  };
  if (take) {
    take.addEventListener("click", async () => {
      const r = await fk.call("POST", api + "/camera", undefined, token);
      fk.showError(r.ok ? "" : r.data);
      refreshCamera();
    });
  }
  if (view) {
    refreshCamera();
    setInterval(() => { if (!document.hidden && (watching || !take.hidden)) refreshCamera(); }, 1500);
  }

  // Next game: the same again, or another game at the same table; the
  // phones keep their seats and follow on their own. A game being played
  // is left only after the page asks, saying what is lost.
  const next = document.getElementById("next-game");
  // A boxed set's next game takes the 25 words dealt from the box.
  Object.assign(next.words.style, {display: "block", width: "100%", boxSizing: "border-box"});
  fk.nextGame(next, {table, token, list: document.getElementById("table-games"), onError: (r) => fk.showError(r.data),
    extra: () => current && current.boxed ? {words: fk.boxedWords(next.words.value)} : {},
    playing: () => !!current && current.seq > 0 && (current.state.status === "playing" || current.state.status === "sudden_death"),
    lost: () => {
      const v = current.state;
      const parts = [fk.t("next.moves", {n: current.seq})];
      if (v.game === "duet") parts.push(fk.t("cn.status.agents_left", {n: v.agents_left}));
      else if (v.agents_left) parts.push(fk.t("cn.status.teams_left", {red: v.agents_left.red, blue: v.agents_left.blue}));
      return parts.join(", ");
    }});

  // The end of a game: next game, prominent, or back to the home page.
  document.getElementById("next-end").addEventListener("click", () => next.requestSubmit());

  // The sand timer: any phone or the host turns it over; the host rings too.
  const showTimer = fk.timer(document.getElementById("timer"), (seconds) => send({type: "timer", seconds}), () => fk.beep(3));
  window.addEventListener("resize", () => fk.fitWords(board));

  // The table's stream: a new game at the table reloads the page.
  fk.stream("/api/tables/" + table + "/stream", (g) => {
    if (g.id !== id) { location.reload(); return; }
    render(g);
  });
})();
