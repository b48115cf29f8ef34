"use strict";
// A seat without a part (no game yet, or a game with fewer parts than seats):
// reload when the table starts a game, which may give this seat a part.
(() => {
  const token = document.body.dataset.token;
  let first = null;
  fk.stream("/s/" + token + "/stream", (st) => {
    const id = st.id || "";
    if (first === null) first = id;
    else if (id !== first) location.reload();
  });
})();
