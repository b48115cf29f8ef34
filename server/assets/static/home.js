"use strict";
(() => {
  const form = document.getElementById("new-game");
  const sync = () => {
    const classic = form.game.value === "classic";
    form.querySelector(".duet-only").hidden = classic;
    form.querySelector(".classic-only").hidden = !classic;
  };
  form.addEventListener("change", sync);
  sync();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const req = {game: form.game.value, lang: form.lang.value};
    if (form.key.value.trim()) req.key = form.key.value.trim();
    if (req.game === "duet") {
      req.mission = {turns: +form.turns.value, mistakes: +form.mistakes.value};
      if (form.loose.checked) req.loose = true;
    } else {
      req.variant = form.variant.value;
    }
    const r = await fk.call("POST", "/api/games", req);
    if (!r.ok) { fk.showError(r.data.error); return; }
    location.href = r.data.host_url.replace(/^https?:\/\/[^/]+/, "");
  });
})();
