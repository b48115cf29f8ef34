"use strict";
// What the Inside Job pages share: the game's words by message id (every
// word is the catalog's, in the page's language: app.js fk.t), and the
// drawing of cards, missions, players, tricks and the end.
const ij = (() => {
  // The catalog's ids of the game's vocabulary, by the state's names.
  const roles = {
    agent: "ij.role.agent", insider: "ij.role.insider", wiretapped: "ij.role.wiretapped", paranoid: "ij.role.paranoid",
    risk_taking: "ij.role.risk_taking", decoy: "ij.role.decoy", accomplice: "ij.role.accomplice", shady: "ij.role.shady",
    sleeper: "ij.role.sleeper", professor_no: "ij.role.professor_no", blank: "ij.role.blank",
  };
  const rules = {
    agent: "ij.role.agent.rule", insider: "ij.role.insider.rule", wiretapped: "ij.role.wiretapped.rule",
    paranoid: "ij.role.paranoid.rule", risk_taking: "ij.role.risk_taking.rule", decoy: "ij.role.decoy.rule",
    accomplice: "ij.role.accomplice.rule", shady: "ij.role.shady.rule", sleeper: "ij.role.sleeper.rule",
    professor_no: "ij.role.professor_no.rule", blank: "ij.role.blank.rule",
  };
  const colours = {Y: "ij.colour.yellow", P: "ij.colour.pink", G: "ij.colour.green", B: "ij.colour.blue"};
  // A card in words, by colour: the referee's messages (engine Card.Words).
  const cards = {Y: "ij.card.yellow", P: "ij.card.pink", G: "ij.card.green", B: "ij.card.blue"};
  // The symbols the printed number cards carry (printgen/insidejob suits.go),
  // so that the suits are told apart without colour. U+FE0E keeps the heart
  // a text symbol, not an emoji.
  const symbols = {Y: "\u2605", P: "\u2665\uFE0E", G: "\u25B2", B: "\u25C6"};
  // The mission cards' texts: the very messages the printed cards say.
  const missions = {
    M01: "ij.mission.M01", M02: "ij.mission.M02", M03: "ij.mission.M03", M04: "ij.mission.M04", M05: "ij.mission.M05",
    M06: "ij.mission.M06", M07: "ij.mission.M07", M08: "ij.mission.M08", M09: "ij.mission.M09", M10: "ij.mission.M10",
    M11: "ij.mission.M11", M12: "ij.mission.M12", M13: "ij.mission.M13", M14: "ij.mission.M14", M15: "ij.mission.M15",
    M16: "ij.mission.M16", M17: "ij.mission.M17", M18: "ij.mission.M18", M19: "ij.mission.M19", M20: "ij.mission.M20",
    M21: "ij.mission.M21", M22: "ij.mission.M22", M23: "ij.mission.M23", M24: "ij.mission.M24",
    R1: "ij.mission.R1", R2: "ij.mission.R2", R3: "ij.mission.R3", R4: "ij.mission.R4",
  };
  const reasons = {
    insider_intel: "ij.reason.insider_intel", missions: "ij.reason.missions", vote: "ij.reason.vote",
    wiretapped: "ij.reason.wiretapped", risk_taking_revealed: "ij.reason.risk_taking_revealed",
    professor_no: "ij.reason.professor_no", professor_no_revealed: "ij.reason.professor_no_revealed", decoy: "ij.reason.decoy",
  };
  const results = {completed: "ij.result.completed", failed: "ij.result.failed"};
  // word says a term of one of the tables above; an unknown one as it is.
  const word = (table, k) => (k && table[k] ? fk.t(table[k]) : k || "");

  const api = {
    roles, missions,
    role: (r) => word(roles, r),
    rule: (r) => word(rules, r),
    colour: (c) => word(colours, c),
    missionText: (m) => word(missions, m.id),
    reason: (r) => word(reasons, r),
    result: (r) => word(results, r),

    // error shows what the server answered to a refused request: its
    // message in the page's language ({error, msg}); "" clears it.
    error(r, where) {
      const p = where || document.getElementById("error");
      if (!p) return;
      if (!r || r.ok) { p.textContent = ""; return; }
      const d = r.data || {};
      p.textContent = d.msg ? fk.say(d.msg) : d.error || "";
    },

    // said is a text the server sent: a message ({id, args}) said in the
    // page's language, or a text as it came.
    said: (w) => fk.sayOr(w),

    // scanText says what a photo of the trick did: the cards and wagers it
    // entered, what it saw as the referee has it, what it could not enter.
    scanText(r) {
      const parts = [];
      const evs = (r.events || []).map((e) => e.type === "play" ? e.by + " " + api.cardName(e.card) : fk.t("ij.scan.wager", {name: e.by}));
      if (evs.length) parts.push(fk.t("ij.scan.events", {list: evs.join(", ")}));
      if (r.confirmed && r.confirmed.length) parts.push(fk.t("ij.scan.confirmed", {list: r.confirmed.map(api.said).join(", ")}));
      if (r.refused) parts.push(fk.t("ij.scan.refused", {reason: api.said(r.refused)}));
      return parts.length ? parts.join(" · ") : fk.t("ij.scan.nothing");
    },

    // cardName says a number card, e.g. "P8", in words: the message the
    // referee's refusals name cards with.
    cardName: (code) => fk.t(cards[code[0]], {value: code.slice(1)}),

    // face draws a number card's face into e: the value over the suit's
    // symbol, as in the printed card's corner, named in words for screen
    // readers and as a tooltip.
    face(e, code) {
      const sym = fk.el("span", "sym", symbols[code[0]] || "");
      sym.setAttribute("aria-hidden", "true");
      e.append(fk.el("span", "n", code.slice(1)), sym);
      e.setAttribute("aria-label", api.cardName(code));
      e.title = api.cardName(code);
      return e;
    },

    // card draws a number card, e.g. "P8", as a coloured tile.
    card(code, wager) {
      const e = api.face(fk.el("span", "ij-card c-" + code[0]), code);
      e.setAttribute("role", "img");
      if (wager) {
        e.classList.add("wager");
        const tok = fk.el("span", "token", "●");
        tok.setAttribute("aria-hidden", "true");
        e.append(tok);
        e.setAttribute("aria-label", api.cardName(code) + " · " + fk.t("ij.act.wager"));
      }
      return e;
    },

    // cardButton is a number card to tap, e.g. "P8": its face and its name.
    cardButton(code, onClick) {
      const b = api.face(fk.el("button", "ij-card c-" + code[0]), code);
      b.type = "button";
      b.dataset.card = code;
      b.addEventListener("click", onClick);
      return b;
    },

    // mission draws a mission card: the printed card's words.
    mission(m) {
      const e = fk.el("div", "ij-mission t-" + m.trump);
      e.append(fk.el("span", "mid", m.id), fk.el("span", "mtext", ij.missionText(m)),
        fk.el("span", "mtrump", fk.t("ij.mission.trump", {colour: ij.colour(m.trump)})));
      return e;
    },

    // status says which trick it is and whose turn.
    status(v) {
      const n = v.phase === "vote" || v.phase === "over" ? v.trick : v.trick + 1;
      return fk.t("ij.status.trick", {n, total: v.tricks}) + " · " + ij.phaseText(v);
    },

    // phaseText says whose turn it is.
    phaseText(v) {
      switch (v.phase) {
        case "partner": return fk.t("ij.phase.partner");
        case "mission": return fk.t("ij.phase.mission", {name: v.lead});
        case "trick": return v.next ? fk.t("ij.phase.trick", {name: v.next}) : fk.t("ij.phase.trick_done");
        case "vote": return fk.t("ij.phase.vote");
      }
      return v.reason ? fk.t("ij.phase.over_reason", {reason: ij.reason(v.reason)}) : fk.t("ij.phase.over");
    },

    // players draws the seats with intel, tags and revealed roles.
    players(d, me) {
      const v = d.state;
      const ul = fk.el("ul", "ij-players");
      for (const p of v.players) {
        const li = fk.el("li", "ij-player");
        li.dataset.name = p.name;
        if (p.name === me) li.classList.add("me");
        if (p.name === v.next) li.classList.add("next");
        const name = fk.el("span", "pname", p.name);
        const tags = [];
        if (p.name === v.dealer) tags.push(fk.t("ij.tag.dealer"));
        if (p.name === v.lead) tags.push(fk.t("ij.tag.lead"));
        if (p.name === v.larry_controller) tags.push(fk.t("ij.tag.larry"));
        const intel = fk.el("span", "pintel", "●".repeat(p.intel) || "–");
        intel.title = fk.t("ij.intel", {n: p.intel});
        intel.dataset.intel = p.intel;
        li.append(name, intel);
        if (tags.length) li.append(fk.el("span", "ptags", tags.join(" · ")));
        if (p.revealed) li.append(fk.el("span", "prole r-" + p.revealed, ij.role(p.revealed)));
        ul.append(li);
      }
      return ul;
    },

    // trick draws the current trick (or the last one).
    trick(plays) {
      const div = fk.el("div", "ij-trick");
      for (const p of plays) {
        const slot = fk.el("div", "slot");
        slot.append(ij.card(p.card, p.wager), fk.el("span", "by", p.by));
        div.append(slot);
      }
      return div;
    },

    // revealed says who was revealed, with their roles.
    revealed(d, names) {
      const role = (n) => { const p = d.state.players.find((x) => x.name === n); return p ? ij.role(p.revealed) : ""; };
      return fk.t("ij.revealed", {list: names.map((n) => fk.t("ij.player_role", {name: n, role: role(n)})).join(", ")});
    },

    // over draws the end: winners, reason, votes, the replay and the revokes.
    over(d) {
      const v = d.state;
      const box = fk.el("section", "ij-over");
      const winners = (v.winners || []).length ? v.winners.join(", ") : fk.t("ij.over.nobody");
      box.append(fk.el("h2", "", fk.t("ij.over.winners", {names: winners})), fk.el("p", "", ij.reason(v.reason)));
      const roles = fk.el("ul", "ij-roles");
      for (const p of v.players) roles.append(fk.el("li", "r-" + p.revealed, fk.t("ij.player_role", {name: p.name, role: ij.role(p.revealed)})));
      box.append(roles);
      if (v.votes && v.votes.length) {
        box.append(fk.el("h3", "", fk.t("ij.over.votes")));
        const ul = fk.el("ul", "ij-votes");
        for (const x of v.votes) ul.append(fk.el("li", "", x.by + " → " + x.for.join(", ")));
        box.append(ul);
      }
      // Revokes only of players who must follow colour; the Insider's and
      // Professor No's off-colour plays are allowed (002:L225-227, L400).
      const revokeList = (list, cls) => {
        const ul = fk.el("ul", "ij-revokes " + cls);
        for (const r of list) {
          ul.append(fk.el("li", "", fk.t("ij.over.revoke", {player: r.player, colour: ij.colour(r.colour), showed: r.showed_out, played: r.played})));
        }
        return ul;
      };
      box.append(fk.el("h3", "", fk.t("ij.over.revokes")));
      if (!v.revokes || !v.revokes.length) box.append(fk.el("p", "hint", fk.t("ij.over.no_revokes")));
      else box.append(revokeList(v.revokes, "slips"));
      if (v.off_colour && v.off_colour.length) {
        const mole = v.players.find((p) => p.revealed === "insider" || p.revealed === "professor_no");
        box.append(fk.el("h3", "off-colour", fk.t("ij.over.off_colour", {role: ij.role(mole ? mole.revealed : "insider")})),
          revokeList(v.off_colour, "allowed"));
      }
      if (d.replay && d.replay.length) {
        box.append(fk.el("h3", "", fk.t("ij.over.replay")));
        const ol = fk.el("ol", "ij-replay");
        for (const r of d.replay) {
          const li = fk.el("li");
          li.append(fk.el("span", "rm t-" + r.mission.trump, r.mission.id), ij.trick(r.plays),
            fk.el("span", "rw", r.winner + " · " + ij.result(r.result)));
          ol.append(li);
        }
        box.append(ol);
      }
      return box;
    },

    // last draws what the trick just resolved did.
    last(d) {
      const l = d.last_trick;
      const box = fk.el("div", "ij-last " + l.result);
      box.append(fk.el("p", "lw", fk.t("ij.last.winner", {name: l.winner, result: ij.result(l.result), mission: l.mission.id})), ij.trick(l.plays));
      const moved = l.moved.filter((m) => m.intel !== 0).map((m) => m.name + " " + (m.intel > 0 ? "+" : "") + m.intel);
      if (moved.length) box.append(fk.el("p", "lm", fk.t("ij.last.moved", {list: moved.join(", ")})));
      if (l.revealed) box.append(fk.el("p", "lr", ij.revealed(d, l.revealed)));
      return box;
    },
  };
  return api;
})();
