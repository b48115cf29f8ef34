"use strict";
(() => {
  const form = document.getElementById("new-game");
  const sync = () => {
    const classic = form.game.value === "classic";
    form.querySelector(".duet-only").hidden = classic;
    form.querySelector(".classic-only").hidden = !classic;
    const camp = form.campaign.value;
    for (const l of form.querySelectorAll(".campaign-missions")) l.hidden = l.dataset.campaign !== camp;
    for (const e of form.querySelectorAll(".single")) e.hidden = camp !== "";
    for (const e of form.querySelectorAll(".boxed-only")) e.hidden = !form.boxed.checked;
    if (form.preset.value) [form.turns.value, form.mistakes.value] = form.preset.value.split("-");
  };
  form.addEventListener("change", sync);
  // The boxed set's words: a box of its own under its label (CSSOM, which
  // the pages' style-src allows).
  Object.assign(form.words.style, {display: "block", width: "100%", boxSizing: "border-box", marginTop: "0.3em"});
  // The words come in the page's language, unless the host picks others.
  if ([...form.lang.options].some((o) => o.value === fk.lang)) form.lang.value = fk.lang;
  sync();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const req = {game: form.game.value, lang: form.lang.value, table_lang: fk.lang};
    if (form.key.value.trim()) req.key = form.key.value.trim();
    if (form.deck.value.trim()) { req.deck = form.deck.value.trim(); delete req.lang; }
    if (form.boxed.checked) {
      // The boxed game's cards: the words typed, in the list's language
      // (the page's when the list is "none"), read by the camera.
      req.boxed = req.lang && req.lang !== "none" ? req.lang : (["en", "pl", "cs", "pt"].includes(fk.lang) ? fk.lang : "en");
      req.words = fk.boxedWords(form.words.value);
      delete req.lang;
    }
    if (req.game === "duet" && form.campaign.value) {
      req.campaign = form.campaign.value;
      // Only the campaign's owner token starts its games: this browser
      // keeps the tokens of the campaigns it made.
      req.campaign_token = localStorage.getItem("fieldkit-campaign-" + req.campaign) ||
        (prompt(fk.t("cn.page.map_token")) || "").trim();
      req.mission = {id: form["mission-" + req.campaign].value};
      if (form.loose.checked) req.loose = true;
    } else if (req.game === "duet") {
      req.mission = {turns: +form.turns.value, mistakes: +form.mistakes.value};
      if (form.loose.checked) req.loose = true;
    } else {
      req.variant = form.variant.value;
    }
    const r = await fk.call("POST", "/api/games", req);
    if (!r.ok) { fk.showError(r.data); return; }
    location.href = r.data.host_url.replace(/^https?:\/\/[^/]+/, "");
  });
  const camp = document.getElementById("new-campaign");
  camp.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const r = await fk.call("POST", "/api/campaigns", {team: camp.team.value.trim(), map: camp.map.value.trim()});
    if (!r.ok) { fk.showError(r.data); return; }
    localStorage.setItem("fieldkit-campaign-" + r.data.id, r.data.token);
    location.reload();
  });
})();
