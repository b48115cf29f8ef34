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
      return {ok: false, status: 0, data: {error: "the server cannot be reached: " + e.message}};
    }
    let data = null;
    try { data = await res.json(); } catch (e) { data = {error: res.statusText}; }
    return {ok: res.ok, status: res.status, data};
  },

  // stream opens a server-sent event stream; the browser reconnects on its
  // own, and this opens it again after an answer that is no stream (a 503
  // when the server has too many streams open), which browsers give up on.
  stream(url, onState) {
    const conn = document.getElementById("conn");
    const open = () => {
      const es = new EventSource(url);
      es.addEventListener("open", () => { conn.textContent = "live"; conn.className = "conn live"; });
      es.addEventListener("error", () => {
        conn.textContent = "reconnecting…"; conn.className = "conn down";
        if (es.readyState === EventSource.CLOSED) setTimeout(open, 5000);
      });
      es.addEventListener("state", (ev) => onState(JSON.parse(ev.data)));
    };
    open();
  },

  el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  },

  showError(msg) {
    const p = document.getElementById("error");
    p.textContent = msg || "";
  },
};
