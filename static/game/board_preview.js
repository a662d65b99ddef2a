// Live preview of a Challenge start board typed as 8 lines of "." and "#".
// Rows or columns that are full (not allowed) are marked; the server validates on save.
(function () {
  "use strict";

  function render(textarea, preview) {
    const rows = textarea.value.trim().split(/\r?\n/).map((line) => line.trim());
    preview.replaceChildren();
    const full = { rows: new Set(), cols: new Set() };
    for (let r = 0; r < 8; r++) {
      if ((rows[r] || "") === "########") full.rows.add(r);
    }
    for (let c = 0; c < 8; c++) {
      if (rows.length >= 8 && rows.slice(0, 8).every((row) => row[c] === "#")) full.cols.add(c);
    }
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) {
        const ch = (rows[r] || "")[c];
        const cell = document.createElement("span");
        cell.className = "bk-cell";
        if (ch === "#") cell.classList.add("bk-filled");
        else if (ch !== ".") cell.classList.add("bk-bad");
        if (full.rows.has(r) || full.cols.has(c)) cell.classList.add("bk-full");
        preview.appendChild(cell);
      }
    }
    const shapeOk = rows.length === 8 && rows.every((row) => /^[.#]{8}$/.test(row));
    preview.dataset.valid = String(shapeOk && !full.rows.size && !full.cols.size);
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("textarea.bk-board-input").forEach((textarea) => {
      const preview = document.createElement("div");
      preview.className = "bk-board-preview";
      preview.setAttribute("aria-hidden", "true");
      textarea.insertAdjacentElement("afterend", preview);
      textarea.addEventListener("input", () => render(textarea, preview));
      render(textarea, preview);
    });
  });
})();
