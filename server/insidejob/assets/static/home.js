"use strict";
// The home page's Inside Job form: players in seat order, dealer, variants
// and special roles; it starts the game at a new table and opens the host page.
(() => {
  const form = document.getElementById("ij-new");
  if (!form) return;
  const names = () => form.players.value.split("\n").map((s) => s.trim()).filter((s) => s);
  const sync = () => {
    const keep = form.dealer.value;
    while (form.dealer.options.length > 1) form.dealer.remove(1);
    for (const n of names()) form.dealer.add(new Option(n, n));
    form.dealer.value = names().includes(keep) ? keep : "";
    const few = names().length < 4;
    for (const c of form.querySelectorAll("input[name=special]")) {
      c.disabled = few;
      if (c.value === "risk_taking" && c.checked) form.risky.checked = true;
    }
  };
  form.addEventListener("input", sync);
  form.addEventListener("change", sync);
  sync();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const req = {game: "insidejob", players: names(), wagers: form.wagers.checked, risky: form.risky.checked, table_lang: fk.lang};
    if (form.dealer.value) req.dealer = form.dealer.value;
    if (form.printed.checked) req.printed_missions = true;
    const sp = [...form.querySelectorAll("input[name=special]:checked")].filter((c) => !c.disabled).map((c) => c.value);
    if (sp.length) req.specials = sp;
    const r = await fk.call("POST", "/api/games", req);
    if (!r.ok) { ij.error(r, document.getElementById("ij-error")); return; }
    location.href = r.data.host_url.replace(/^https?:\/\/[^/]+/, "");
  });
})();
