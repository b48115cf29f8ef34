"use strict";
// Shared by every page of every game: API calls, the event stream, elements
// and errors.
const fk = {
  async call(method, url, body, token) {
    const opt = {method, headers: {}, credentials: "same-origin"};
    if (token) opt.headers["Authorization"] = "Bearer " + token;
    if (body instanceof FormData) {
      opt.body = body;
    } else if (body !== undefined) {
      opt.headers["Content-Type"] = "application/json";
      opt.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(url, opt);
    } catch (e) {
      return {ok: false, status: 0, data: {error: "the server cannot be reached: " + e.message, msg: {id: "conn.unreachable"}}};
    }
    let data = null;
    try { data = await res.json(); } catch (e) { data = {error: res.statusText, msg: {id: "conn.bad_answer", args: {status: res.status}}}; }
    return {ok: res.ok, status: res.status, data};
  },

  // stream opens a server-sent event stream; the browser reconnects on its
  // own, and this opens it again after an answer that is no stream (a 503
  // when the server has too many streams open), which browsers give up on.
  stream(url, onState) {
    const conn = document.getElementById("conn");
    const open = () => {
      const es = new EventSource(url);
      es.addEventListener("open", () => { conn.textContent = fk.t("conn.live"); conn.className = "conn live"; });
      es.addEventListener("error", () => {
        conn.textContent = fk.t("conn.reconnecting"); conn.className = "conn down";
        if (es.readyState === EventSource.CLOSED) setTimeout(open, 5000);
      });
      es.addEventListener("state", (ev) => {
        const st = JSON.parse(ev.data);
        if (!fk.followTable(st)) onState(st);
      });
    };
    open();
  },

  // followTable loads the page again in the table's language when the host
  // changed it (st.table_lang), unless this device chose its own (a phone's
  // switch): the host pages always speak the table's. True when it reloads.
  followTable(st) {
    const own = !document.body.classList.contains("host") && fk.ownLang();
    if (!st || !st.table_lang || st.table_lang === fk.lang || own) return false;
    location.reload();
    return true;
  },

  // ownLang reports whether this device chose its own language (the cookie).
  ownLang() { return /(^|;\s*)fieldkit-lang=[^;]/.test(document.cookie); },

  // cameraStatus asks about the camera of the table of a host token: is
  // there one, does it watch this table, what it saw; null when the server
  // cannot say.
  async cameraStatus(token) {
    try {
      const res = await fetch("/h/" + token + "/camera", {cache: "no-store"});
      return res.ok ? await res.json() : null;
    } catch (e) { return null; }
  },

  // showView shows the table's last annotated picture in the figure view.
  showView(view, token) {
    view.querySelector("img").src = "/h/" + token + "/view.jpg?t=" + Date.now();
    view.hidden = false;
  },

  // showCamera asks about the camera and shows it on a host page: the
  // "take the camera" button, the status line in the game's own words (say
  // gets "watching" with the state and the frames, "read", "not" with the
  // reason as a message, "starting", "other", "last" or "none") and the
  // last picture.
  // It returns the status, or null.
  async showCamera(token, view, status, take, say) {
    const st = await fk.cameraStatus(token);
    if (!st) return null;
    take.hidden = !st.camera || st.watching;
    if (st.watching) status.textContent = say("watching", st.seen === "read" ? say("read") : st.seen ? say("not", st.seen_msg || st.seen) : say("starting"), st.frames);
    else if (st.camera) status.textContent = say("other");
    else status.textContent = st.view ? say("last") : say("none");
    if (st.view) fk.showView(view, token);
    return st;
  },

  el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  },

  // refusal says what the server answered to a refused request ({error,
  // msg}): its message in the page's language; the English error only when
  // the answer carries no message.
  refusal(data) {
    if (!data) return "";
    if (data.msg && data.msg.id) return fk.say(data.msg);
    return data.error || "";
  },

  // sayOr says a warning or a reason the server sends: a message ({id,
  // args}), or a text as it came (older answers sent English text).
  sayOr(w) {
    if (w === undefined || w === null) return "";
    return typeof w === "string" ? w : fk.say(w);
  },

  // showError shows a refusal of the server (an answer's data, see refusal)
  // or a text the page already said (fk.t) in #error; "" or nothing clears it.
  showError(x) {
    const p = document.getElementById("error");
    p.textContent = !x ? "" : typeof x === "string" ? x : fk.refusal(x);
  },

  // The page's language, as the server chose it (the device's own choice
  // with the switch, else the table's, else the browser's): <html lang>.
  langs: {pl: "lang.pl", cs: "lang.cs", pt: "lang.pt", en: "lang.en"},
  lang: document.documentElement.lang || "pl",

  // The catalog of the page's language (/catalog/LANG.js calls fk.load):
  // message id to text, or to plural forms chosen by
  // Intl.PluralRules.
  msgs: {},
  load(lang, entries) { if (lang === fk.lang) fk.msgs = entries; },

  // t says the message id with its named arguments ({name} in the text); an
  // argument that is a message ({id, args}) is said too. An id the catalog
  // lacks shows as itself.
  t(id, args) {
    const e = fk.msgs[id];
    if (e === undefined) return id;
    let s = e;
    if (typeof e === "object") {
      const n = args ? args[e.count] : undefined;
      const form = typeof n === "number" ? new Intl.PluralRules(fk.lang).select(n) : "other";
      s = e[form] !== undefined ? e[form] : e.other;
    }
    return s.replace(/\{([A-Za-z0-9_]+)\}/g, (all, name) => {
      if (!args || !(name in args)) return all;
      return fk.value(args[name]);
    });
  },

  // value is an argument as text: a message said, a list joined.
  value(v) {
    if (Array.isArray(v)) return v.map(fk.value).join(", ");
    if (v && typeof v === "object" && typeof v.id === "string") return fk.t(v.id, v.args);
    return String(v);
  },

  // say says a message as the server sends it: {id, args}.
  say(m) { return m && m.id ? fk.t(m.id, m.args) : ""; },

  // setLang, on a host page (body.host with the table and its host token),
  // changes the table's language: every page of the table, and the words of
  // its next games (a phone that chose its own language keeps it). On any
  // other page it keeps the device's own language (a cookie the server
  // reads). Then it loads the page again in it.
  async setLang(lang) {
    const b = document.body.dataset;
    if (document.body.classList.contains("host") && b.table && b.token) {
      const r = await fk.call("POST", "/api/tables/" + b.table + "/lang", {lang}, b.token);
      if (!r.ok) { fk.showError(r.data); return; }
    } else if (lang) {
      document.cookie = "fieldkit-lang=" + encodeURIComponent(lang) + "; path=/; max-age=31536000; samesite=strict";
    } else { // "": follow the table's language again
      document.cookie = "fieldkit-lang=; path=/; max-age=0; samesite=strict";
    }
    location.reload();
  },

  // choose asks a question on the page itself (a panel over it, not the
  // browser's own dialog): text, then Cancel, first and focused (Enter or
  // Escape cancels), then a button per choice ({value, label, cls}). The
  // panel covers the page, so nothing else is tapped meanwhile; its choices
  // wake up only after a moment, so a double tap on what opened it chooses
  // nothing. It resolves the value chosen, or null when cancelled (or when
  // another question replaces it).
  choose(text, choices) {
    let panel = document.getElementById("ask");
    if (!panel) {
      panel = fk.el("div", "ask");
      panel.id = "ask";
      panel.setAttribute("role", "alertdialog");
      panel.setAttribute("aria-modal", "true");
      const box = fk.el("div", "ask-box");
      const p = fk.el("p", "ask-text");
      p.id = "ask-text";
      panel.setAttribute("aria-labelledby", p.id);
      box.append(p, fk.el("div", "ask-buttons"));
      panel.append(box);
      panel.hidden = true;
      document.body.append(panel);
    }
    if (fk.asked) fk.asked(null);
    return new Promise((resolve) => {
      const buttons = panel.querySelector(".ask-buttons");
      const cancel = fk.el("button", "ask-cancel", fk.t("ask.cancel"));
      cancel.type = "button";
      const done = (v) => {
        if (fk.asked !== done) return;
        fk.asked = null;
        panel.hidden = true;
        document.removeEventListener("keydown", key, true);
        resolve(v);
      };
      const key = (ev) => { if (ev.key === "Escape") { ev.preventDefault(); done(null); } };
      cancel.addEventListener("click", () => done(null));
      const chosen = choices.map((c) => {
        const b = fk.el("button", "ask-choice " + (c.cls || ""), c.label);
        b.type = "button";
        b.disabled = true;
        b.dataset.choice = String(c.value);
        b.addEventListener("click", () => done(c.value));
        return b;
      });
      buttons.replaceChildren(cancel, ...chosen);
      panel.querySelector(".ask-text").textContent = text;
      fk.asked = done;
      panel.hidden = false;
      document.addEventListener("keydown", key, true);
      cancel.focus();
      setTimeout(() => { if (fk.asked === done) for (const b of chosen) b.disabled = false; }, 400);
    });
  },
  asked: null, // the open question's answer, while one is open

  // gameNames names a game of a table's list by its "game".
  gameNames: {duet: "cn.game.duet", classic: "cn.game.classic", insidejob: "ij.game"},

  // nextGame wires a host page's Next game form (a select "game": "" for
  // the same again): it starts the table's next game and loads the page
  // again. A game being played (playing() true) is left only after the
  // page asks, saying what is lost (lost(), e.g. "5 moves, agents left 7");
  // a finished game needs no question. The game left stays in the table's
  // list (list, an <ol>, shows it) marked abandoned. onError shows a
  // refusal; extra, if given, returns more of the request (a boxed set's
  // words).
  nextGame(form, {table, token, playing, lost, list, onError, extra}) {
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const game = form.game.value;
      if (playing()) {
        const text = fk.t("next.ask", {lost: lost()}) + " " + fk.t("next.ask_kept");
        const ok = await fk.choose(text, [{value: "abandon", label: fk.t("next.abandon"), cls: "danger"}]);
        if (ok !== "abandon") return;
      }
      const r = await fk.call("POST", "/api/tables/" + table + "/games", Object.assign(game ? {game} : {}, extra ? extra() : {}), token);
      if (!r.ok) { onError(r); return; }
      location.reload();
    });
    if (list) fk.tableGames(list, table);
  },

  // tableGames shows a table's games in list (an <ol>): each game's number
  // and name, the one being played, those abandoned for the next. A table
  // of one game shows none.
  async tableGames(list, table) {
    const r = await fk.call("GET", "/api/tables/" + table);
    const games = (r.ok && r.data.history) || [];
    list.hidden = games.length < 2;
    list.replaceChildren(...games.slice().reverse().map((g) => {
      const li = fk.el("li", "", fk.t("next.game_line", {n: g.number, game: fk.gameNames[g.game] ? fk.t(fk.gameNames[g.game]) : g.game}));
      li.dataset.game = g.id;
      if (g.abandoned) {
        li.classList.add("abandoned");
        li.append(" · ", fk.el("span", "game-tag", fk.t("next.abandoned")));
      } else if (g.id === r.data.game) {
        li.classList.add("current");
        li.append(" · ", fk.el("span", "game-tag", fk.t("next.current")));
      }
      return li;
    }));
  },

  // translatePage adds the language switch, unless the page brings its own
  // (#lang): every text of a page comes in its language from the server's
  // templates and fk.t.
  // langSwitch fills a <select> with the languages and makes it switch: on
  // a host page the table's language (every page of the table), on a seat's
  // page the phone's own, with "the table's language" to follow the table
  // again once the phone chose its own.
  langSwitch(sw) {
    const label = document.body.classList.contains("host") ? fk.t("tablelang.switch") : fk.t("lang.switch");
    sw.setAttribute("aria-label", label);
    sw.title = label;
    for (const [code, id] of Object.entries(fk.langs)) {
      const o = fk.el("option", "", fk.t(id));
      o.value = code;
      o.selected = code === fk.lang;
      sw.append(o);
    }
    if (document.body.classList.contains("seat") && fk.ownLang()) {
      const o = fk.el("option", "", fk.t("tablelang.follow"));
      o.value = "";
      sw.append(o);
    }
    sw.addEventListener("change", () => fk.setLang(sw.value));
  },

  translatePage() {
    if (document.getElementById("lang")) return;
    const sw = fk.el("select", "lang-switch no-t");
    fk.langSwitch(sw);
    const header = document.querySelector("header");
    if (header) header.append(sw);
    else {
      const bar = fk.el("div", "lang-bar");
      bar.append(sw);
      document.body.prepend(bar);
    }
  },
};

document.addEventListener("DOMContentLoaded", () => fk.translatePage());
