"use strict";
// What the Codenames pages share: the words people read for states, events
// and scans.
Object.assign(fk, {
  cellName(c) { return "[" + c[0] + "," + c[1] + "]"; },

  status(g) {
    const v = g.state;
    if (!v.game) return "";
    const parts = [];
    if (v.status === "won" && v.variant === "teams") parts.push("Won by " + v.winner + (v.reason === "assassin" ? " · the other team touched the assassin" : " · all its agents covered"));
    else if (v.status === "won") parts.push("Won" + (v.score !== undefined ? " · score " + v.score : ""));
    else if (v.status === "lost") parts.push("Lost: " + ({assassin: "the assassin", time: "out of time", sudden_death_miss: "a miss in sudden death", enemy_found: "every enemy agent found"}[v.reason] || v.reason) + (v.winner ? " · " + v.winner + " wins" : ""));
    else {
      if (v.status === "sudden_death") parts.push("Sudden death");
      parts.push((v.phase === "clue" ? "Clue by " : v.phase === "guess" ? "Guessing: " : "Cover by ") + (v.next === "either" ? "A or B" : (v.next || "").toUpperCase()));
    }
    if (v.clue) parts.push("clue “" + v.clue.word + "” " + v.clue.count);
    if (v.result) parts.push("last guess: " + v.result.replace("_", " "));
    if (v.game === "duet") {
      parts.push("mission " + v.mission, "tokens " + v.tokens_left + " (mistakes " + v.mistakes_left + ")", "agents left " + v.agents_left);
    } else if (v.agents_left) {
      parts.push("red " + v.agents_left.red + " · blue " + v.agents_left.blue + " left");
      if (v.guesses_left !== undefined) parts.push("guesses left " + v.guesses_left);
    }
    return parts.join(" · ");
  },

  eventText(h, words) {
    const e = h.event;
    const who = e.by ? e.by.toUpperCase() + ": " : "";
    const word = (c) => (c && words[c[0] * 5 + c[1]]) || (c ? fk.cellName(c) : e.word);
    switch (e.type) {
      case "clue": return who + "clue “" + e.word + "” " + e.count;
      case "guess": return who + "guess " + word(e.cell) + (h.result ? " → " + h.result.replace("_", " ") : "");
      case "stop": return who + "stop";
      case "penalty": return "penalty: invalid clue";
      case "enemy_cover": return who + "covers enemy " + word(e.cell);
      case "cover": return who + "covers " + word(e.cell);
    }
    return e.type;
  },

  // scanText says what a scanned photo did.
  scanText(rep) {
    const parts = ["Photo read"];
    if (rep.words && rep.words.length) parts.push("the 25 words taken from the cards");
    const n = rep.events.length;
    parts.push(n === 0 ? "no new guess" : n === 1 ? "1 event" : n + " events");
    if (rep.confirmed && rep.confirmed.length) parts.push(rep.confirmed.length + " cover(s) confirmed");
    if (rep.refused) parts.push("refused: " + rep.refused);
    if (rep.warnings && rep.warnings.length) parts.push(rep.warnings.length + " warning(s)");
    return parts.join(" · ");
  },

});
