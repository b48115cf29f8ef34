"use strict";
// What the Codenames pages share: the words people read for states, events
// and scans (through fk.t and message ids, in the page's language), the end of a game,
// clue warnings, the sand timer, and words that fit their cells.
Object.assign(fk, {
  cellName(c) { return "[" + c[0] + "," + c[1] + "]"; },
  // boxedWords reads the words a host typed for a boxed set: one a line, or
  // separated by commas or semicolons.
  boxedWords(text) { return text.split(/[\n,;]+/).map((w) => w.trim()).filter((w) => w); },

  // The words of a game's values, by the value the server sends: each id
  // written out whole (the catalog's tests find them so).
  reasons: {assassin: "cn.reason.assassin", time: "cn.reason.time", sudden_death_miss: "cn.reason.sudden_death_miss",
    enemy_found: "cn.reason.enemy_found", all_agents: "cn.reason.all_agents"},
  results: {agent: "cn.key.agent", bystander: "cn.key.bystander", assassin: "cn.key.assassin", enemy_agent: "cn.key.enemy_agent",
    red: "cn.key.red", blue: "cn.key.blue"},
  // The key's cell labels on a phone: short, to stay readable in a cell.
  shortRoles: {agent: "cn.key.agent", bystander: "cn.key.short.bystander", assassin: "cn.key.short.assassin",
    red: "cn.key.short.red", blue: "cn.key.short.blue"},
  teams: {red: "cn.team.red", blue: "cn.team.blue"},
  seats: {a: "cn.seat.a", b: "cn.seat.b", either: "cn.seat.either", red: "cn.team.red", blue: "cn.team.blue"},
  // word says a value through one of the tables above; a value the page
  // does not know shows as it came.
  word(table, v) { return table[v] ? fk.t(table[v]) : String(v === undefined ? "" : v); },

  reasonText(r) { return fk.word(fk.reasons, r); },
  resultText(r) { return fk.word(fk.results, r); },
  teamText(t) { return fk.word(fk.teams, t); },
  // seatText names who acts: a Duet seat by its letter (A, B), a team by its
  // name in the players' language.
  seatText(s) { return fk.seats[s] ? fk.t(fk.seats[s]) : (s || "").toUpperCase(); },

  status(g) {
    const v = g.state;
    if (!v.game) return "";
    const parts = [];
    if (v.status === "won" && v.variant === "teams") parts.push(fk.t("cn.status.won_by", {team: fk.teamText(v.winner)}) + " · " + (v.reason === "assassin" ? fk.t("cn.status.by_assassin") : fk.t("cn.status.all_covered")));
    else if (v.status === "won") parts.push(fk.t("cn.status.won") + (v.score !== undefined ? " · " + fk.t("cn.status.score", {score: v.score}) : ""));
    else if (v.status === "lost") parts.push(fk.t("cn.status.lost", {reason: fk.reasonText(v.reason)}) + (v.winner ? " · " + fk.t("cn.status.wins", {team: fk.teamText(v.winner)}) : ""));
    else {
      if (v.status === "sudden_death") parts.push(fk.t("cn.sudden_death"));
      const seat = fk.seatText(v.next);
      parts.push(fk.t(v.phase === "clue" ? "cn.status.clue_by" : v.phase === "guess" ? "cn.status.guessing" : "cn.status.cover_by", {seat}));
    }
    if (v.clue) parts.push(fk.t("cn.status.clue", {word: v.clue.word, count: fk.countText(v.clue.count)}));
    if (v.result) parts.push(fk.t("cn.status.last_guess", {result: fk.resultText(v.result)}));
    if (v.game === "duet") {
      parts.push(fk.t("cn.status.mission", {mission: v.mission}), fk.t("cn.status.tokens", {tokens: v.tokens_left, mistakes: v.mistakes_left}),
        fk.t("cn.status.agents_left", {n: v.agents_left}));
    } else if (v.agents_left) {
      parts.push(fk.t("cn.status.teams_left", {red: v.agents_left.red, blue: v.agents_left.blue}));
      if (v.guesses_left !== undefined) parts.push(fk.t("cn.status.guesses_left", {n: fk.countText(v.guesses_left)}));
    }
    return parts.join(" · ");
  },
  countText(n) { return n === "unlimited" ? fk.t("cn.unlimited") : String(n); },

  eventText(h, words) {
    const e = h.event;
    const who = e.by ? fk.seatText(e.by) + ": " : "";
    const word = (c) => (c && words[c[0] * 5 + c[1]]) || (c ? fk.cellName(c) : e.word);
    switch (e.type) {
      case "clue": return who + fk.t("cn.status.clue", {word: e.word, count: fk.countText(e.count)});
      case "guess": return who + fk.t("cn.event.guess", {word: word(e.cell)}) + (h.result ? " → " + fk.resultText(h.result) : "");
      case "stop": return who + fk.t("cn.event.stop");
      case "penalty": return fk.t("cn.event.penalty");
      case "enemy_cover": return who + fk.t("cn.event.enemy_cover", {word: word(e.cell)});
      case "cover": return who + fk.t("cn.event.cover", {word: word(e.cell)});
    }
    return e.type;
  },

  // scanText says what a scanned photo did.
  scanText(rep) {
    const parts = [fk.t("cn.scan.read")];
    if (rep.words && rep.words.length) parts.push(fk.t("cn.scan.words"));
    const n = rep.events.length;
    parts.push(n === 0 ? fk.t("cn.scan.no_guess") : fk.t("cn.scan.events", {n}));
    if (rep.confirmed && rep.confirmed.length) parts.push(fk.t("cn.scan.confirmed", {n: rep.confirmed.length}));
    if (rep.refused) parts.push(fk.t("cn.scan.refused", {reason: fk.sayOr(rep.refused)}));
    if (rep.warnings && rep.warnings.length) parts.push(fk.t("cn.scan.warnings", {n: rep.warnings.length}));
    return parts.join(" · ");
  },

  // warningText says a clue warning: its message when the server sends
  // one, else by its kind; the English text only for a kind the page does
  // not know.
  clueWarnings: {same_word: "cn.warn.same_word", contains_word: "cn.warn.contains_word",
    inside_word: "cn.warn.inside_word", same_root: "cn.warn.same_root"},
  warningText(clue, w) {
    if (w.msg && w.msg.id) return fk.say(w.msg);
    if (w.id) return fk.say(w);
    const id = fk.clueWarnings[w.kind];
    return id ? fk.t(id, {clue: clue.word, word: w.word}) : fk.sayOr(w.message);
  },

  // showWarnings fills box with the last clue's warnings: the referee only
  // warns; the table decides whether the clue stands.
  showWarnings(box, g, overrule) {
    const c = g.state.clue;
    const ws = (c && c.warnings) || [];
    box.hidden = ws.length === 0 || g.state.phase !== "guess" || g.state.status !== "playing";
    box.replaceChildren();
    if (box.hidden) return;
    box.append(fk.el("strong", "", fk.t("cn.warn.check")));
    const ul = fk.el("ul");
    for (const w of ws) ul.append(fk.el("li", "", fk.warningText(c, w)));
    box.append(ul, fk.el("p", "", overrule));
  },

  // endBanner fills box with the end of a game: who won, why, the score.
  endBanner(box, g, mine) {
    const v = g.state;
    const over = v.status === "won" || v.status === "lost";
    box.hidden = !over;
    document.body.classList.toggle("game-over", over);
    if (!over) { box.replaceChildren(); return; }
    let title, why;
    if (v.variant === "teams") {
      title = fk.t("cn.status.wins", {team: fk.teamText(v.winner)});
      if (mine) title = v.winner === mine ? fk.t("cn.end.your_team_wins") : fk.t("cn.end.your_team_lost");
      why = v.reason === "assassin" ? fk.t("cn.end.by_assassin") : fk.t("cn.end.all_covered");
    } else if (v.status === "won") {
      title = v.game === "duet" ? fk.t("cn.end.accomplished") : fk.t("cn.end.won");
      why = v.game === "duet" ? fk.t("cn.end.all_15") : fk.t("cn.end.all_yours");
    } else {
      title = fk.t("cn.end.failed");
      const ends = {assassin: "cn.end.assassin", time: "cn.end.time", sudden_death_miss: "cn.end.sudden_death_miss", enemy_found: "cn.end.enemy_found"};
      why = ends[v.reason] ? fk.t(ends[v.reason]) : fk.reasonText(v.reason);
    }
    box.className = "banner " + (v.status === "lost" || (mine && v.winner && v.winner !== mine) ? "lost" : "won");
    box.replaceChildren(fk.el("h2", "", title), fk.el("p", "", why));
    if (v.score !== undefined) box.append(fk.el("p", "score", fk.t("cn.end.score", {score: v.score})));
  },

  roleText(r) { return fk.word(fk.results, r); },

  // tagCell says in words what the host's board shows in colour: the card
  // that covers a classic word, the assassin, and at the end of a game
  // the key card (Duet: both sides, A above, B below).
  tagCell(d, c, reveal, i) {
    const tag = (cls, text) => d.append(fk.el("span", "tag " + cls, text));
    if (c.revealed) tag("tag-" + c.revealed, fk.roleText(c.revealed));
    else if (c.assassin_for) tag("tag-assassin", fk.roleText("assassin"));
    if (!reveal) return;
    if (reveal.teams && !c.revealed) {
      d.classList.add("key-" + reveal.teams[i]);
      tag("tag-" + reveal.teams[i], fk.roleText(reveal.teams[i]));
    }
    if (reveal.a) {
      const r = fk.el("span", "reveal");
      for (const [side, roles] of [["A", reveal.a], ["B", reveal.b]]) {
        r.append(fk.el("span", "side role-" + roles[i], side + " · " + fk.word(fk.shortRoles, roles[i])));
      }
      d.append(r);
      d.classList.add("revealed-key");
    }
  },

  // fitWords shrinks each .word in root until it fits its cell: a word
  // breaks inside (PSZCZOŁA stays whole) only on a phone, where a board
  // word is never under 16 px (fk.minWordPx): one that does not fit whole
  // at that size is marked "split" and breaks across lines.
  minWordPx: 16,
  fitWords(root) {
    const phone = innerWidth < 600;
    for (const w of root.querySelectorAll(".word, .role, .reveal .side")) {
      const word = w.classList.contains("word");
      const floor = phone && word ? fk.minWordPx : 6;
      const over = () => w.scrollWidth > w.clientWidth + 1 || w.scrollHeight > w.clientHeight + 1;
      w.style.fontSize = "";
      if (w.classList.contains("split")) { w.textContent = w.dataset.whole; delete w.dataset.whole; w.classList.remove("split", "anywhere"); }
      let size = parseFloat(getComputedStyle(w).fontSize);
      if (size < floor) {
        size = floor;
        w.style.fontSize = floor + "px";
      }
      while (size > floor && over()) {
        size = Math.max(floor, size * 0.92);
        w.style.fontSize = size.toFixed(1) + "px";
      }
      if (!word || !over()) continue;
      // Into 2, 3, ... lines until every piece fits; at worst anywhere.
      const whole = w.textContent;
      let n = Math.max(2, Math.ceil(w.scrollWidth / w.clientWidth));
      for (; n <= whole.length; n++) {
        fk.splitWord(w, whole, n);
        if (!over()) break;
      }
      if (over()) w.classList.add("anywhere");
    }
  },

  // splitWord writes whole into w with its long words cut into balanced
  // pieces for n lines (BIBLI|OTEKA, not BIBLIOTE|KA): a break opportunity
  // (<wbr>) between the pieces.
  splitWord(w, whole, n) {
    const tokens = whole.split(" ");
    const chunk = Math.ceil(Math.max(...tokens.map((x) => [...x].length)) / n);
    const parts = [];
    tokens.forEach((tok, i) => {
      if (i > 0) parts.push(" ");
      const chars = [...tok];
      const pieces = Math.ceil(chars.length / chunk);
      const size = Math.ceil(chars.length / pieces);
      for (let j = 0; j < chars.length; j += size) {
        if (j > 0) parts.push(document.createElement("wbr"));
        parts.push(chars.slice(j, j + size).join(""));
      }
    });
    w.dataset.whole = whole;
    w.classList.add("split");
    w.replaceChildren(...parts);
  },

  // hourglass is the bystander mark: a drawing, so it needs no emoji font.
  hourglass() {
    const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    s.setAttribute("viewBox", "0 0 10 14");
    s.setAttribute("class", "hourglass");
    s.setAttribute("aria-hidden", "true");
    s.innerHTML = '<path d="M1 1h8M1 13h8M2 1c0 4 6 4 6 6s-6 2-6 6M8 1c0 4-6 4-6 6s6 2 6 6" fill="none" stroke="currentColor" stroke-width="1.4"/>';
    return s;
  },

  // beep and buzz: a short tone (Web Audio, no sound file) and a vibration.
  // Browsers allow sound only after a touch on the page: the first touch
  // wakes the audio up.
  audio: null,
  beep(times = 1) {
    try {
      fk.audio = fk.audio || new (window.AudioContext || window.webkitAudioContext)();
      const a = fk.audio;
      if (a.state === "suspended") a.resume();
      for (let i = 0; i < times; i++) {
        const o = a.createOscillator(), gain = a.createGain();
        const t0 = a.currentTime + i * 0.35;
        o.frequency.value = 880;
        gain.gain.setValueAtTime(0.3, t0);
        gain.gain.exponentialRampToValueAtTime(0.001, t0 + 0.3);
        o.connect(gain).connect(a.destination);
        o.start(t0);
        o.stop(t0 + 0.3);
      }
    } catch (e) { /* no audio here */ }
    fk.beeps = (fk.beeps || 0) + times;
  },
  buzz(pattern) {
    if (navigator.vibrate) navigator.vibrate(pattern);
    fk.buzzes = (fk.buzzes || 0) + 1;
  },

  // timer shows the table's sand timer in box and rings when it runs out.
  // start(seconds) turns it over; ring() is what this page does at the end.
  timer(box, start, ring) {
    const show = fk.el("span", "timer-left");
    const btn = fk.el("button", "timer-start", fk.t("cn.timer.start"));
    btn.type = "button";
    btn.addEventListener("click", () => start(60));
    const off = fk.el("button", "timer-stop", fk.t("cn.timer.stop"));
    off.type = "button";
    off.addEventListener("click", () => start(0));
    box.replaceChildren(show, btn, off);
    let end = 0, seen = null, first = true, rang = false;
    const tick = () => {
      const left = end ? Math.max(0, Math.ceil((end - Date.now()) / 1000)) : -1;
      box.classList.toggle("running", left > 0);
      box.classList.toggle("done", left === 0);
      off.hidden = left < 0;
      show.textContent = left < 0 ? "" : left === 0 ? fk.t("cn.timer.up") : Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      if (left === 0 && !rang) { rang = true; ring(); }
    };
    setInterval(tick, 250);
    return (g) => {
      const t = g.timer;
      const key = t ? t.ends : null;
      if (key !== seen) {
        if (!t) end = 0;
        // A timer seen turning over runs its full time on this device's
        // clock; one already running when the page opened runs what the
        // server's clock leaves of it.
        else if (first) end = Date.now() + Math.min(Math.max(Date.parse(t.ends) - Date.now(), 0), t.seconds * 1000);
        else end = Date.now() + t.seconds * 1000;
        rang = end !== 0 && end <= Date.now(); // no ringing for a timer that ran out before the page opened
        seen = key;
      }
      first = false;
      tick();
    };
  },
});

document.addEventListener("pointerdown", () => {
  try {
    fk.audio = fk.audio || new (window.AudioContext || window.webkitAudioContext)();
    if (fk.audio.state === "suspended") fk.audio.resume();
  } catch (e) { /* no audio here */ }
}, {once: true});
