"use strict";
// An Inside Job phone: the player's role behind "hold to see", the public
// table, and what the player may do now: pick a partner, keep a mission,
// enter the card just played (and Larry's), raise the stakes, score the
// trick, vote.
(() => {
  const body = document.body;
  const token = body.dataset.token, me = body.dataset.seat, gameID = body.dataset.gameId;
  const $ = (x) => document.getElementById(x);
  let data = null;
  let picks = [];

  const send = async (ev) => {
    const r = await fk.call("POST", "/s/" + token + "/events", ev);
    ij.error(r);
    return r.ok;
  };

  // Hold to see: the role shows only while the button is pressed.
  const hold = $("hold");
  const show = (on) => { $("role").hidden = !on; hold.classList.toggle("open", on); };
  hold.addEventListener("pointerdown", (e) => { e.preventDefault(); show(true); });
  for (const ev of ["pointerup", "pointerleave", "pointercancel", "blur"]) hold.addEventListener(ev, () => show(false));
  hold.addEventListener("contextmenu", (e) => e.preventDefault());
  hold.addEventListener("keydown", (e) => { if (e.key === " " || e.key === "Enter") { e.preventDefault(); show(true); } });
  hold.addEventListener("keyup", () => show(false));

  const button = (text, cls, onClick) => {
    const b = fk.el("button", cls || "", text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  };

  const cardGrid = (by) => {
    const grid = fk.el("div", "ij-cards");
    for (const c of "YPGB") {
      const row = fk.el("div", "row");
      for (let v = 1; v <= 13; v++) {
        row.append(ij.cardButton(c + v, () => send({type: "play", by, card: c + v})));
      }
      grid.append(row);
    }
    return grid;
  };

  // The vote: the phone offers exactly the votes the server lists
  // (vote_options, the engine's): a name to tap for each player some option
  // names, and the seal once the names tapped make an option. A revealed
  // Paranoid agent may put both votes on one player: one name tapped, where
  // that player twice is an option, seals both votes on that player.
  const same = (a, b) => a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");
  const chosen = (opts) => opts.find((o) => same(o, picks)) ||
    (picks.length === 1 ? opts.find((o) => o.length === 2 && o[0] === picks[0] && o[1] === picks[0]) : undefined);
  const voteAct = (d) => {
    const opts = d.vote_options || [];
    const n = Math.max(1, ...opts.map((o) => o.length));
    const twice = opts.some((o) => o.length === 2 && o[0] === o[1]);
    const names = new Set(opts.flat());
    const out = [fk.el("h2", "", n === 1 || names.size === 1 ? fk.t("ij.act.vote") : twice ? fk.t("ij.act.vote_two_same") : fk.t("ij.act.vote_two"))];
    picks = picks.filter((p) => names.has(p));
    const targets = fk.el("div", "buttons targets");
    for (const p of d.state.players) {
      if (!names.has(p.name)) continue;
      const b = button(p.name, "target" + (picks.includes(p.name) ? " picked" : ""), () => {
        picks = picks.includes(p.name) ? picks.filter((x) => x !== p.name) : [...picks, p.name].slice(-n);
        render(data);
      });
      b.setAttribute("aria-pressed", picks.includes(p.name));
      b.dataset.name = p.name;
      targets.append(b);
    }
    out.push(targets);
    const vote = chosen(opts);
    if (vote && vote.length === 2 && vote[0] === vote[1]) out.push(fk.el("p", "hint ij-both", fk.t("ij.act.vote_both", {name: vote[0]})));
    const seal = button(fk.t("ij.act.seal"), "seal", async () => {
      const v = chosen(opts);
      if (v && await send({type: "vote", by: me, for: v})) picks = [];
    });
    seal.disabled = !vote;
    out.push(seal);
    return out;
  };

  const act = (d) => {
    const v = d.state, may = d.may || [];
    const out = [];
    if (may.includes("partner")) {
      out.push(fk.el("h2", "", fk.t("ij.act.partner")));
      const row = fk.el("div", "buttons targets");
      for (const p of v.players) {
        if (p.name === me) continue;
        const b = button(p.name, "target", () => send({type: "partner", by: me, partner: p.name}));
        b.dataset.name = p.name;
        row.append(b);
      }
      out.push(row);
    }
    if (may.includes("choose")) {
      if (d.drawn) {
        out.push(fk.el("h2", "", fk.t("ij.act.choose")));
        if (d.drawn.some((m) => m.id[0] === "R")) out.push(fk.el("p", "hint", fk.t("ij.act.risky_must")));
        const row = fk.el("div", "ij-drawn");
        for (const m of d.drawn) {
          const b = fk.el("button", "ij-choice");
          b.type = "button";
          b.dataset.mission = m.id;
          b.append(ij.mission(m), fk.el("span", "keep", fk.t("ij.act.keep")));
          b.addEventListener("click", () => send({type: "mission", id: m.id}));
          row.append(b);
        }
        out.push(row);
      } else {
        out.push(fk.el("h2", "", fk.t("ij.act.printed")));
        const sel = fk.el("select");
        sel.id = "printed-id";
        for (let i = 1; i <= 24; i++) if (v.wagers || (i !== 17 && i !== 18)) sel.add(new Option("M" + String(i).padStart(2, "0")));
        if (v.risky) for (const r of ["R1", "R2", "R3", "R4"]) sel.add(new Option(r));
        out.push(sel, button(fk.t("ij.act.keep"), "", () => send({type: "mission", id: sel.value})));
      }
    }
    if (may.includes("play") || may.includes("play_larry")) {
      const larry = may.includes("play_larry");
      out.push(fk.el("h2", "", larry ? fk.t("ij.act.play_larry") : fk.t("ij.act.play")), cardGrid(larry ? "Larry" : me));
    }
    const row = fk.el("div", "buttons");
    if (may.includes("wager")) row.append(button(fk.t("ij.act.wager"), "wager", () => send({type: "wager", by: me})));
    if (may.includes("resolve")) row.append(button(fk.t("ij.act.score"), "resolve", () => send({type: "resolve"})));
    if (row.childElementCount) out.push(row);
    if (may.includes("vote")) out.push(...voteAct(d));
    else if (d.no_vote && v.status !== "over") out.push(fk.el("p", "ij-novote", fk.say(d.no_vote)));
    if (d.vote && v.status !== "over") out.push(fk.el("p", "ij-voted", fk.t("ij.act.voted", {names: d.vote.join(", ")})));
    return out;
  };

  const render = (d) => {
    if (d.id !== gameID) { location.reload(); return; }
    if (!d.state) return;
    if (data && data.state.phase !== d.state.phase) picks = [];
    data = d;
    body.dataset.seq = d.seq;
    const v = d.state;
    const role = $("role");
    role.replaceChildren(fk.el("strong", "r-" + d.role, ij.role(d.role)), fk.el("span", "do", ij.rule(d.role)));
    if (d.partner_role && v.partner) role.append(fk.el("span", "partner", fk.t("ij.seat.partner_role", {name: v.partner.partner, role: ij.role(d.partner_role)})));
    const mine = v.players.find((p) => p.name === me);
    $("notice").hidden = !(mine && mine.revealed && v.status !== "over");
    const prof = v.players.some((p) => p.revealed === "professor_no") || (d.specials || []).includes("professor_no");
    const rev = {agent: "ij.rev.agent", blank: "ij.rev.agent", paranoid: "ij.rev.paranoid", decoy: "ij.rev.decoy", shady: "ij.rev.shady",
      sleeper: "ij.rev.sleeper", wiretapped: "ij.rev.wiretapped", accomplice: "ij.rev.accomplice"}[d.role];
    $("notice").textContent = prof && d.role !== "accomplice" && d.role !== "wiretapped" ? fk.t("ij.rev.professor") : fk.t(rev || "ij.rev.you");
    $("status").textContent = ij.status(v) + (v.waiting ? " · " + fk.t("ij.waiting", {names: v.waiting.join(", ")}) : "");
    $("mission").replaceChildren(v.mission ? ij.mission(v.mission) : "");
    $("trick").replaceChildren(v.plays.length ? ij.trick(v.plays) : "");
    $("last").replaceChildren(d.last_trick && v.last ? ij.last(d) : "");
    $("act").replaceChildren(...act(d));
    $("players").replaceChildren(ij.players(d, me));
    $("over").replaceChildren(v.status === "over" ? ij.over(d) : "");
  };

  // A photo of the trick from this phone enters what this phone may enter
  // by hand (its own card and wager; Larry's when it plays Larry).
  if ($("scan")) {
    $("scan").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const r = await fk.call("POST", "/s/" + token + "/scan", new FormData($("scan")));
      ij.error(r);
      $("scan-report").textContent = r.ok && r.data.scan ? ij.scanText(r.data.scan) : "";
    });
  }

  if ($("lang")) fk.langSwitch($("lang"));
  fk.stream("/s/" + token + "/stream", render);
})();
