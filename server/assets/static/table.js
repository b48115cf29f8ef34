"use strict";
// The host page of a table without a game: start one.
(() => {
  const table = document.body.dataset.table, token = document.body.dataset.token;
  const form = document.getElementById("next-game");
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const r = await fk.call("POST", "/api/tables/" + table + "/games", {game: form.game.value}, token);
    if (!r.ok) { fk.showError(r.data); return; }
    location.reload();
  });
  fk.stream("/api/tables/" + table + "/stream", (st) => { if (st.id) location.reload(); });
})();
