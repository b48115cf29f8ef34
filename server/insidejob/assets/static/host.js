"use strict";
// The Inside Job host screen: the public table (mission, trump, led colour,
// the current trick as it grows, intel, reveals, the vote, the end), the
// card entry for the player whose turn it is, and the seats.
(() => {
  const body = document.body;
  const id = body.dataset.id, table = body.dataset.table, token = body.dataset.token;
  const $ = (x) => document.getElementById(x);
  let data = null;

  const send = async (ev) => {
    const r = await fk.call("POST", "/api/games/" + id + "/events", ev, token);
    ij.error(r);
    if (r.ok) render(r.data);
  };

  // The 52 card buttons, built once.
  for (const c of "YPGB") {
    const row = fk.el("div", "row");
    for (let v = 1; v <= 13; v++) {
      row.append(ij.cardButton(c + v, () => { if (data && data.state.next) send({type: "play", by: data.state.next, card: c + v}); }));
    }
    $("cards").append(row);
  }
  const wagerBtn = fk.el("button", "", "");
  wagerBtn.type = "button";
  wagerBtn.id = "wager";
  wagerBtn.hidden = true;
  wagerBtn.addEventListener("click", () => send({type: "wager", by: wagerBtn.dataset.by}));
  document.querySelector("#entry .buttons").prepend(wagerBtn);
  $("resolve").addEventListener("click", () => send({type: "resolve"}));
  $("undo").addEventListener("click", async () => {
    const r = await fk.call("POST", "/api/games/" + id + "/undo", undefined, token);
    ij.error(r);
    if (r.ok) render(r.data);
  });
  $("printed").addEventListener("submit", (ev) => {
    ev.preventDefault();
    send({type: "mission", id: $("printed").mission.value});
  });
  // Next game: a game being played is left only after the page asks,
  // saying what is lost; it stays in the table's list, marked abandoned.
  fk.nextGame($("next-game"), {table, token, list: $("table-games"), onError: ij.error,
    playing: () => !!data && data.seq > 0 && data.state.status !== "over",
    lost: () => [fk.t("next.moves", {n: data.seq}), fk.t("ij.host.missions", {done: data.state.completed, goal: data.state.goal})].join(", ")});
  for (const li of document.querySelectorAll(".seats li")) {
    li.querySelector(".show-qr").addEventListener("click", async () => {
      // The page holds no seat link: it asks for a free seat's when shown.
      const r = await fk.call("GET", "/h/" + token + "/link/" + li.dataset.number);
      if (!r.ok) { ij.error(r); return; }
      const qr = $("qr");
      qr.hidden = false;
      qr.dataset.seat = li.dataset.seat;
      qr.querySelector("img").src = "/h/" + token + "/qr/" + li.dataset.number;
      qr.querySelector("figcaption").textContent = li.dataset.seat;
      $("qr-link").textContent = r.data.link;
      $("qr-link").href = r.data.link;
    });
    li.querySelector(".release").addEventListener("click", async () => {
      const r = await fk.call("POST", "/api/games/" + id + "/seats/" + encodeURIComponent(li.dataset.number) + "/release", undefined, token);
      ij.error(r);
    });
  }

  const missionIDs = (v) => {
    const ids = [];
    for (let i = 1; i <= 24; i++) if (v.wagers || (i !== 17 && i !== 18)) ids.push("M" + String(i).padStart(2, "0"));
    if (v.risky) ids.push("R1", "R2", "R3", "R4");
    return ids;
  };

  const render = (d) => {
    if (d.id !== id) { location.reload(); return; }
    data = d;
    body.dataset.seq = d.seq;
    const v = d.state;
    $("status").textContent = ij.status(v);
    const waiting = v.phase === "mission" || v.phase === "partner";
    $("mission").replaceChildren(v.mission ? ij.mission(v.mission) : waiting ? fk.el("p", "hint", fk.t("ij.no_mission")) : "");
    const trick = fk.el("div", "ij-trickbox");
    if (v.plays.length) {
      trick.append(fk.el("p", "ij-led", fk.t("ij.trick.led", {led: ij.colour(v.plays[0].card[0]), trump: ij.colour(v.mission.trump)})));
      trick.append(ij.trick(v.plays));
    }
    $("trick").replaceChildren(trick);
    $("last").replaceChildren(d.last_trick && v.last ? ij.last(d) : "");
    $("players").replaceChildren(ij.players(d, ""));
    const facts = [fk.t("ij.host.supply", {n: v.supply}), fk.t("ij.host.missions", {done: v.completed, goal: v.goal}),
      d.specials.length ? fk.t("ij.host.specials", {roles: d.specials.map(ij.role).join(", ")}) : fk.t("ij.host.no_specials")];
    if (v.partner) facts.push(fk.t("ij.host.partner", {by: v.partner.by, partner: v.partner.partner}));
    if (v.waiting) facts.push(fk.t("ij.waiting", {names: v.waiting.join(", ")}));
    $("facts").replaceChildren(...facts.map((f) => fk.el("span", "", f)));
    const banner = $("banner");
    const rev = d.last_trick && v.last && d.last_trick.revealed;
    banner.hidden = !rev;
    if (rev) banner.textContent = ij.revealed(d, rev);
    $("over").replaceChildren(v.status === "over" ? ij.over(d) : "");
    // Card entry: the next player's card; the last player's wager.
    $("entry-who").textContent = v.next ? fk.t("ij.host.enter_card", {name: v.next}) : "";
    $("entry-who").hidden = !v.next;
    for (const b of document.querySelectorAll("#cards button")) b.disabled = !v.next;
    $("cards").hidden = v.phase !== "trick";
    const complete = v.phase === "trick" && !v.next;
    $("resolve").hidden = !complete;
    const lastPlay = v.plays.length > 1 ? v.plays[v.plays.length - 1] : null;
    wagerBtn.hidden = !(v.wagers && lastPlay && !lastPlay.wager && lastPlay.by !== "Larry");
    if (lastPlay) { wagerBtn.dataset.by = lastPlay.by; wagerBtn.textContent = fk.t("ij.host.wager", {name: lastPlay.by}); }
    const pf = $("printed");
    pf.hidden = !(d.printed_missions && (v.phase === "mission" || complete));
    if (!pf.hidden && pf.mission.options.length === 0) for (const m of missionIDs(v)) pf.mission.add(new Option(m, m));
    // What the last photo or camera view did, while its trick lies there.
    if ($("scan-report")) {
      $("scan-report").textContent = d.scan ? ij.scanText(d.scan) : "";
      $("cam-warnings").replaceChildren(...(d.warnings || []).map((w) => fk.el("li", "", ij.said(w))));
      if (d.scan && d.scan.at !== lastScan) {
        lastScan = d.scan.at;
        if (d.scan.source === "upload") refreshCamera();
      }
    }
    for (const li of document.querySelectorAll(".seats li")) {
      const st = d.seats[li.dataset.seat] || "free";
      li.querySelector(".seat-status").textContent = st === "taken" ? fk.t("ij.host.seat_taken") : fk.t("ij.host.seat_free");
      if (st === "taken" && $("qr").dataset.seat === li.dataset.seat) $("qr").hidden = true;
    }
  };

  // Photos and the camera: a photo of the trick enters the cards and wagers
  // it shows; the view is the camera's last frame when it watches this
  // table, else the last photo read, with what was kept drawn on it.
  const view = $("camera-view"), camStatus = $("camera-status"), take = $("take-camera");
  let lastScan = "", watching = false;
  const refreshCamera = async () => {
    if (!view) return;
    const say = (k, a, b) => {
      switch (k) {
        case "watching": return fk.t("ij.cam.state", {state: a, frames: b});
        case "read": return fk.t("ij.cam.read");
        case "not": return fk.t("ij.cam.not", {reason: ij.said(a)});
        case "starting": return fk.t("ij.cam.starting");
        case "other": return fk.t("ij.cam.other");
        case "last": return fk.t("ij.cam.last");
      }
      return fk.t("ij.cam.none");
    };
    const st = await fk.showCamera(token, view, camStatus, take, say);
    if (st) watching = st.watching;
  };
  if ($("scan")) {
    $("scan").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const r = await fk.call("POST", "/api/games/" + id + "/scan", new FormData($("scan")), token);
      ij.error(r);
      if (r.ok) render(r.data.state);
      refreshCamera();
    });
    take.addEventListener("click", async () => {
      const r = await fk.call("POST", "/api/games/" + id + "/camera", undefined, token);
      ij.error(r);
      refreshCamera();
    });
    refreshCamera();
    setInterval(() => { if (!document.hidden && (watching || !take.hidden)) refreshCamera(); }, 1500);
  }

  if ($("lang")) fk.langSwitch($("lang"));
  fk.stream("/api/games/" + id + "/events/stream", render);
})();
