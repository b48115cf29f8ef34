"use strict";
// The home page: the language of the table to start. Choosing another loads
// the page again in it (without changing the device's own language); each
// family's form sends the page's language (fk.lang) as the new table's
// "table_lang".
(() => {
  const sel = document.getElementById("lang");
  if (sel) sel.addEventListener("change", () => sel.form.submit());
})();
