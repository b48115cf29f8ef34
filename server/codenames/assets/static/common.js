"use strict";
// What the Codenames pages share: the words people read for states, events
// and scans (through fk.t, in the players' language), the end of a game,
// clue warnings, the sand timer, and words that fit their cells.
Object.assign(fk, {
  cellName(c) { return "[" + c[0] + "," + c[1] + "]"; },

  reasonText(r) {
    return fk.en({assassin: "the assassin", time: "out of time", sudden_death_miss: "a miss in sudden death",
      enemy_found: "every enemy agent found", all_agents: "all agents found"}[r] || r);
  },
  resultText(r) {
    return fk.en({agent: "agent", bystander: "bystander", assassin: "assassin", enemy_agent: "enemy agent"}[r] || r);
  },
  teamText(t) { return fk.en({red: "red", blue: "blue"}[t] || t); },
  // seatText names who acts: a Duet seat by its letter (A, B), a team by its
  // name in the players' language, capitalised (Red, Czerwoni), not shouted.
  seatText(s) {
    if (s === "either") return fk.en("A or B");
    if (s !== "red" && s !== "blue") return (s || "").toUpperCase();
    const name = fk.teamText(s);
    return name.charAt(0).toUpperCase() + name.slice(1);
  },

  status(g) {
    const v = g.state;
    if (!v.game) return "";
    const parts = [];
    if (v.status === "won" && v.variant === "teams") parts.push(fk.en("Won by {0}", fk.teamText(v.winner)) + " · " + (v.reason === "assassin" ? fk.en("the other team touched the assassin") : fk.en("all its agents covered")));
    else if (v.status === "won") parts.push(fk.en("Won") + (v.score !== undefined ? " · " + fk.en("score {0}", v.score) : ""));
    else if (v.status === "lost") parts.push(fk.en("Lost: {0}", fk.reasonText(v.reason)) + (v.winner ? " · " + fk.en("{0} wins", fk.teamText(v.winner)) : ""));
    else {
      if (v.status === "sudden_death") parts.push(fk.en("Sudden death"));
      const who = fk.seatText(v.next);
      parts.push(v.phase === "clue" ? fk.en("Clue by {0}", who) : v.phase === "guess" ? fk.en("Guessing: {0}", who) : fk.en("Cover by {0}", who));
    }
    if (v.clue) parts.push(fk.en("clue “{0}” {1}", v.clue.word, fk.countText(v.clue.count)));
    if (v.result) parts.push(fk.en("last guess: {0}", fk.resultText(v.result)));
    if (v.game === "duet") {
      parts.push(fk.en("mission {0}", v.mission), fk.en("tokens {0} (mistakes {1})", v.tokens_left, v.mistakes_left), fk.en("agents left {0}", v.agents_left));
    } else if (v.agents_left) {
      parts.push(fk.en("red {0} · blue {1} left", v.agents_left.red, v.agents_left.blue));
      if (v.guesses_left !== undefined) parts.push(fk.en("guesses left {0}", fk.countText(v.guesses_left)));
    }
    return parts.join(" · ");
  },
  countText(n) { return n === "unlimited" ? fk.en("unlimited") : String(n); },

  eventText(h, words) {
    const e = h.event;
    const who = e.by ? fk.seatText(e.by) + ": " : "";
    const word = (c) => (c && words[c[0] * 5 + c[1]]) || (c ? fk.cellName(c) : e.word);
    switch (e.type) {
      case "clue": return who + fk.en("clue “{0}” {1}", e.word, fk.countText(e.count));
      case "guess": return who + fk.en("guess {0}", word(e.cell)) + (h.result ? " → " + fk.resultText(h.result) : "");
      case "stop": return who + fk.en("stop");
      case "penalty": return fk.en("penalty: invalid clue");
      case "enemy_cover": return who + fk.en("covers enemy {0}", word(e.cell));
      case "cover": return who + fk.en("covers {0}", word(e.cell));
    }
    return e.type;
  },

  // scanText says what a scanned photo did.
  scanText(rep) {
    const parts = [fk.en("Photo read")];
    if (rep.words && rep.words.length) parts.push(fk.en("the 25 words taken from the cards"));
    const n = rep.events.length;
    parts.push(n === 0 ? fk.en("no new guess") : n === 1 ? fk.en("1 event") : fk.en("{0} events", n));
    if (rep.confirmed && rep.confirmed.length) parts.push(fk.en("{0} cover(s) confirmed", rep.confirmed.length));
    if (rep.refused) parts.push(fk.en("refused: {0}", rep.refused));
    if (rep.warnings && rep.warnings.length) parts.push(fk.en("{0} warning(s)", rep.warnings.length));
    return parts.join(" · ");
  },

  // warningText says a clue warning in the page's language.
  warningText(clue, w) {
    const k = {same_word: "“{0}” is the visible word “{1}”", contains_word: "“{0}” contains the visible word “{1}”",
      inside_word: "“{0}” is part of the visible word “{1}”", same_root: "“{0}” may be a form of the visible word “{1}”"}[w.kind];
    return k ? fk.en(k, clue.word, w.word) : fk.en(w.message);
  },

  // showWarnings fills box with the last clue's warnings: the referee only
  // warns; the table decides whether the clue stands.
  showWarnings(box, g, overrule) {
    const c = g.state.clue;
    const ws = (c && c.warnings) || [];
    box.hidden = ws.length === 0 || g.state.phase !== "guess" || g.state.status !== "playing";
    box.replaceChildren();
    if (box.hidden) return;
    box.append(fk.el("strong", "", fk.en("Check the clue")));
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
      title = fk.en("{0} wins", fk.teamText(v.winner));
      if (mine) title = v.winner === mine ? fk.en("Your team wins!") : fk.en("Your team lost");
      why = v.reason === "assassin" ? fk.en("The other team touched the assassin.") : fk.en("All its agents are covered.");
    } else if (v.status === "won") {
      title = v.game === "duet" ? fk.en("Mission accomplished!") : fk.en("You won!");
      why = v.game === "duet" ? fk.en("All 15 agents found.") : fk.en("Every one of your agents found.");
    } else {
      title = fk.en("Mission failed");
      why = {assassin: fk.en("An assassin was touched."), time: fk.en("Out of time: the timer tokens ran out."),
        sudden_death_miss: fk.en("A wrong guess in sudden death."), enemy_found: fk.en("The enemy found all its agents first.")}[v.reason] || fk.reasonText(v.reason);
    }
    box.className = "banner " + (v.status === "lost" || (mine && v.winner && v.winner !== mine) ? "lost" : "won");
    box.replaceChildren(fk.el("h2", "", title), fk.el("p", "", why));
    if (v.score !== undefined) box.append(fk.el("p", "score", fk.en("Score: {0}", v.score)));
  },

  roleText(r) {
    return fk.en({agent: "agent", assassin: "assassin", bystander: "bystander", red: "red agent", blue: "blue agent"}[r] || r);
  },

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
        r.append(fk.el("span", "side role-" + roles[i], side + " · " + fk.roleText(roles[i])));
      }
      d.append(r);
      d.classList.add("revealed-key");
    }
  },

  // fitWords shrinks each .word in root until it fits its cell: a word
  // never breaks inside (PSZCZOŁA stays whole), it gets smaller.
  fitWords(root) {
    for (const w of root.querySelectorAll(".word, .role, .reveal .side")) {
      w.style.fontSize = "";
      let size = parseFloat(getComputedStyle(w).fontSize);
      while (size > 6 && (w.scrollWidth > w.clientWidth + 1 || w.scrollHeight > w.clientHeight + 1)) {
        size = Math.max(6, size * 0.92);
        w.style.fontSize = size.toFixed(1) + "px";
      }
    }
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
    const btn = fk.el("button", "timer-start", fk.en("Turn the sand timer over"));
    btn.type = "button";
    btn.addEventListener("click", () => start(60));
    const off = fk.el("button", "timer-stop", fk.en("Put it away"));
    off.type = "button";
    off.addEventListener("click", () => start(0));
    box.replaceChildren(show, btn, off);
    let end = 0, seen = null, first = true, rang = false;
    const tick = () => {
      const left = end ? Math.max(0, Math.ceil((end - Date.now()) / 1000)) : -1;
      box.classList.toggle("running", left > 0);
      box.classList.toggle("done", left === 0);
      off.hidden = left < 0;
      show.textContent = left < 0 ? "" : left === 0 ? fk.en("Time is up!") : Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
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
