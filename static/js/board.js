/*
 * Block Knock! board controls over the server-rendered board (HTMX).
 *
 * The server decides every move; this script only previews: it shows a ghost
 * where the chosen piece would land on the board shown on screen, lights up the
 * rows and columns it would complete, and animates. Three ways to place a piece:
 *
 *   drag and drop   pointer events (mouse, touch, pen), one pointer at a time; the
 *                   drag starts after a small move threshold and follows the pointer
 *                   in requestAnimationFrame; on touch the piece floats above the
 *                   finger. The anchor (top-left of the piece's bounding box) is the
 *                   board cell under the floating piece's top-left square.
 *   click + click   click/tap a piece, then a board cell (its anchor); mouse hover
 *                   previews.
 *   keyboard        Tab to a piece, Enter/Space selects it and moves focus to the
 *                   board; arrows move (roving tabindex), Home/End go to the row's
 *                   ends, Enter/Space places, Escape cancels; focus previews.
 *
 * At most one request changes the game at a time; input is ignored while one is in
 * flight. Every answer carries the game's id and move count (data-game-id,
 * data-moves on #play-area): an answer older than the board on screen is dropped.
 * A refused move (400/409) comes back with a resynced board and an HX-Trigger
 * "bk:game-error"; the dragged piece goes back to its slot.
 *
 * Connection lost: a request that gets no answer (network error, timeout) or a
 * 5xx shows the "Connection lost, retrying" banner (#connection-lost) and puts the
 * piece back; the board is then fetched again from the server with a growing
 * delay (1 s, 2 s, 4 s ... at most 15 s) until the server answers, which hides the
 * banner and swaps in the server's board (the move may or may not have been applied:
 * the server's board says which).
 */
(function () {
  "use strict";

  var SIZE = 8;
  var DRAG_THRESHOLD = 6; // px before a press becomes a drag
  var TOUCH_LIFT = 1.4; // cells between the finger and the floating piece
  var RESYNC_STATUSES = [400, 403, 409];
  var RETRY_FIRST_MS = 1000;
  var RETRY_MAX_MS = 15000;
  var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  var selected = null; // {slot, cells, button}
  var inFlight = false;
  var pending = null; // the move sent: {slot, row, col, targets, avatar, keyboard, rejected}
  var drag = null;
  var ignoreClick = false;
  var lastInput = "pointer";
  var focusPos = { row: 0, col: 0 };
  var toastTimer = 0;
  var retryDelay = 0; // 0: connected; else the wait before the next board fetch
  var retryTimer = 0;

  /* ---------------------------------------------------------------- helpers */

  function area() {
    return document.getElementById("play-area");
  }
  function board() {
    return document.getElementById("board");
  }
  function cellAt(row, col) {
    var b = board();
    return b ? b.querySelector('.cell[data-row="' + row + '"][data-col="' + col + '"]') : null;
  }
  function strings(name) {
    var el = document.getElementById("board-strings");
    return (el && el.dataset[name]) || "";
  }
  function isPlaying() {
    var a = area();
    return !!a && a.dataset.status === "playing";
  }
  function parseCells(button) {
    return button.dataset.cells
      .trim()
      .split(/\s+/)
      .map(function (pair) {
        return pair.split(",").map(Number);
      });
  }
  function filledCells() {
    var filled = new Array(SIZE * SIZE).fill(false);
    board()
      .querySelectorAll(".cell.is-filled")
      .forEach(function (cell) {
        filled[+cell.dataset.row * SIZE + +cell.dataset.col] = true;
      });
    return filled;
  }
  function pieceFor(button) {
    return { slot: +button.dataset.slot, cells: parseCells(button), button: button };
  }
  function animate() {
    return !reducedMotion.matches;
  }

  function announce(text) {
    var live = document.getElementById("announcer");
    text = (text || "").replace(/\s+/g, " ").trim();
    if (!live || !text) return;
    live.textContent = "";
    window.setTimeout(function () {
      live.textContent = text;
    }, 60);
  }

  function toast(text) {
    var el = document.getElementById("toast");
    if (!el || !text) return;
    el.textContent = text;
    el.classList.add("is-shown");
    window.clearTimeout(toastTimer);
    toastTimer = window.setTimeout(function () {
      el.classList.remove("is-shown");
    }, 2200);
  }

  function nope(button) {
    window.BlockKnockSound && window.BlockKnockSound.play("nope");
    if (!button) return;
    button.classList.remove("is-nope");
    void button.offsetWidth; // restart the animation
    button.classList.add("is-nope");
  }

  /* --------------------------------------------------------------- preview */

  /* Where the piece would go with its anchor on (row, col), on the screen's board. */
  function preview(piece, row, col) {
    var targets = piece.cells.map(function (cell) {
      return [row + cell[0], col + cell[1]];
    });
    var filled = filledCells();
    var fits = targets.every(function (t) {
      return t[0] >= 0 && t[0] < SIZE && t[1] >= 0 && t[1] < SIZE && !filled[t[0] * SIZE + t[1]];
    });
    var rows = [];
    var cols = [];
    if (fits) {
      targets.forEach(function (t) {
        filled[t[0] * SIZE + t[1]] = true;
      });
      for (var i = 0; i < SIZE; i++) {
        var rowFull = true;
        var colFull = true;
        for (var j = 0; j < SIZE; j++) {
          rowFull = rowFull && filled[i * SIZE + j];
          colFull = colFull && filled[j * SIZE + i];
        }
        if (rowFull) rows.push(i);
        if (colFull) cols.push(i);
      }
    }
    return { row: row, col: col, targets: targets, fits: fits, rows: rows, cols: cols };
  }

  function clearPreview() {
    var b = board();
    if (!b) return;
    b.querySelectorAll(".is-ghost, .is-ghost-bad, .is-line").forEach(function (cell) {
      cell.classList.remove("is-ghost", "is-ghost-bad", "is-line");
    });
    b.classList.remove("has-lines");
  }

  /* Show a preview; a piece that does not fit shows only when showBad (hover, focus). */
  function showPreview(pv, showBad) {
    clearPreview();
    if (!pv || (!pv.fits && !showBad)) return;
    pv.targets.forEach(function (t) {
      var cell = cellAt(t[0], t[1]);
      if (cell) cell.classList.add(pv.fits ? "is-ghost" : "is-ghost-bad");
    });
    if (!pv.fits) return;
    pv.rows.forEach(function (r) {
      for (var c = 0; c < SIZE; c++) cellAt(r, c).classList.add("is-line");
    });
    pv.cols.forEach(function (c) {
      for (var r = 0; r < SIZE; r++) cellAt(r, c).classList.add("is-line");
    });
    if (pv.rows.length || pv.cols.length) board().classList.add("has-lines");
  }

  function setGhostColour(button) {
    var colour = window.getComputedStyle(button).getPropertyValue("--piece").trim();
    if (colour) board().style.setProperty("--ghost", colour);
  }

  /* ------------------------------------------------------------- selection */

  function select(button, viaKeyboard) {
    if (!isPlaying() || inFlight || button.disabled) return;
    if (selected && selected.button === button) {
      deselect();
      return;
    }
    deselect();
    selected = pieceFor(button);
    button.setAttribute("aria-pressed", "true");
    button.classList.add("is-selected");
    area().classList.add("has-selection");
    setGhostColour(button);
    if (viaKeyboard) {
      announce(strings("selected"));
      focusCell(focusPos.row, focusPos.col);
    }
  }

  function deselect() {
    if (selected) {
      selected.button.setAttribute("aria-pressed", "false");
      selected.button.classList.remove("is-selected");
    }
    selected = null;
    var a = area();
    if (a) a.classList.remove("has-selection");
    clearPreview();
  }

  /* ------------------------------------------------------------ the board */

  function setRoving(row, col) {
    focusPos = { row: row, col: col };
    var b = board();
    if (!b) return;
    b.querySelectorAll('.cell[tabindex="0"]').forEach(function (cell) {
      cell.setAttribute("tabindex", "-1");
    });
    var cell = cellAt(row, col);
    if (cell) cell.setAttribute("tabindex", "0");
  }

  function focusCell(row, col) {
    row = Math.max(0, Math.min(SIZE - 1, row));
    col = Math.max(0, Math.min(SIZE - 1, col));
    setRoving(row, col);
    var cell = cellAt(row, col);
    if (cell) cell.focus();
  }

  function onBoardKey(event) {
    var cell = event.target.closest(".cell");
    if (!cell) return;
    var row = +cell.dataset.row;
    var col = +cell.dataset.col;
    var moves = {
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
      Home: event.ctrlKey ? [0, 0] : [row, 0],
      End: event.ctrlKey ? [SIZE - 1, SIZE - 1] : [row, SIZE - 1],
    };
    if (moves[event.key]) {
      event.preventDefault();
      focusCell(moves[event.key][0], moves[event.key][1]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (event.repeat) return;
      placeAt(row, col);
    }
  }

  /* Place the selected piece with its anchor on (row, col), if the preview says it fits. */
  function placeAt(row, col, avatar) {
    if (inFlight || !isPlaying()) return false;
    if (!selected) {
      announce(strings("choosePiece"));
      toast(strings("choosePiece"));
      return false;
    }
    var pv = preview(selected, row, col);
    if (!pv.fits) {
      showPreview(pv, true);
      nope(selected.button);
      announce(strings("noFit"));
      toast(strings("noFit"));
      return false;
    }
    send(selected, pv, avatar || null);
    return true;
  }

  function send(piece, pv, avatar) {
    var a = area();
    pending = {
      slot: piece.slot,
      row: pv.row,
      col: pv.col,
      targets: pv.targets,
      avatar: avatar,
      button: piece.button,
      keyboard: lastInput === "keyboard",
      rejected: false,
    };
    showPreview(pv, false);
    piece.button.classList.add("is-sending");
    window.htmx.ajax("POST", a.dataset.moveUrl, {
      source: document.getElementById("main"),
      target: "#play-area",
      swap: "outerHTML",
      values: { slot: piece.slot, row: pv.row, col: pv.col, move_number: a.dataset.moves },
    });
  }

  /* ---------------------------------------------------------- drag and drop */

  function onPointerDown(event) {
    var button = event.target.closest(".piece[data-slot]");
    if (!button || button.disabled) return;
    if (drag || inFlight || !isPlaying()) return; // one pointer at a time
    if (event.pointerType === "mouse" && event.button !== 0) return;
    lastInput = "pointer";
    drag = {
      id: event.pointerId,
      type: event.pointerType,
      button: button,
      x0: event.clientX,
      y0: event.clientY,
      x: event.clientX,
      y: event.clientY,
      started: false,
      frame: 0,
      anchor: null,
    };
    try {
      button.setPointerCapture(event.pointerId);
    } catch (err) {
      /* capture is a nicety */
    }
  }

  function onPointerMove(event) {
    if (!drag || event.pointerId !== drag.id) return;
    drag.x = event.clientX;
    drag.y = event.clientY;
    if (!drag.started) {
      if (Math.hypot(drag.x - drag.x0, drag.y - drag.y0) < DRAG_THRESHOLD) return;
      startDrag();
    }
    event.preventDefault();
    if (!drag.frame) drag.frame = window.requestAnimationFrame(dragFrame);
  }

  /* Board geometry in viewport pixels: origin of cell (0, 0), pitch between cells, cell size. */
  function geometry() {
    var first = cellAt(0, 0).getBoundingClientRect();
    var last = cellAt(SIZE - 1, SIZE - 1).getBoundingClientRect();
    var pitch = (last.left - first.left) / (SIZE - 1);
    return { left: first.left, top: first.top, pitch: pitch, size: first.width, gap: pitch - first.width };
  }

  function buildAvatar(piece, geo) {
    var avatar = document.createElement("div");
    avatar.className = "drag-avatar";
    avatar.setAttribute("aria-hidden", "true");
    avatar.dataset.piece = piece.button.dataset.piece;
    var colour = window.getComputedStyle(piece.button).getPropertyValue("--piece").trim();
    if (colour) avatar.style.setProperty("--piece", colour);
    var h = +piece.button.dataset.h;
    var w = +piece.button.dataset.w;
    var inner = document.createElement("div");
    inner.className = "drag-shape";
    inner.style.width = w * geo.pitch - geo.gap + "px";
    inner.style.height = h * geo.pitch - geo.gap + "px";
    piece.cells.forEach(function (cell) {
      var block = document.createElement("i");
      block.style.left = cell[1] * geo.pitch + "px";
      block.style.top = cell[0] * geo.pitch + "px";
      block.style.width = geo.size + "px";
      block.style.height = geo.size + "px";
      inner.appendChild(block);
    });
    avatar.appendChild(inner);
    avatar.width = w * geo.pitch - geo.gap;
    avatar.height = h * geo.pitch - geo.gap;
    document.body.appendChild(avatar);
    return avatar;
  }

  function startDrag() {
    deselect();
    var piece = pieceFor(drag.button);
    var geo = geometry();
    drag.piece = piece;
    drag.geo = geo;
    drag.started = true;
    drag.avatar = buildAvatar(piece, geo);
    var shape = drag.button.querySelector(".shape").getBoundingClientRect();
    if (drag.type === "mouse") {
      // keep the grabbed point of the piece under the pointer
      var fx = Math.min(1, Math.max(0, (drag.x0 - shape.left) / shape.width));
      var fy = Math.min(1, Math.max(0, (drag.y0 - shape.top) / shape.height));
      drag.offX = fx * drag.avatar.width;
      drag.offY = fy * drag.avatar.height;
    } else {
      // float the piece above the finger so it stays visible
      drag.offX = drag.avatar.width / 2;
      drag.offY = drag.avatar.height + TOUCH_LIFT * geo.pitch;
    }
    drag.button.classList.add("is-dragging");
    area().classList.add("is-dragging");
    setGhostColour(drag.button);
    positionAvatar();
  }

  function positionAvatar() {
    var left = drag.x - drag.offX;
    var top = drag.y - drag.offY;
    drag.avatar.style.transform = "translate3d(" + left + "px," + top + "px,0)";
    drag.left = left;
    drag.top = top;
  }

  function dragFrame() {
    if (!drag || !drag.started) return;
    drag.frame = 0;
    positionAvatar();
    var geo = drag.geo;
    // the cell under the centre of the floating piece's top-left square
    var col = Math.floor((drag.left + geo.size / 2 - geo.left + geo.gap / 2) / geo.pitch);
    var row = Math.floor((drag.top + geo.size / 2 - geo.top + geo.gap / 2) / geo.pitch);
    var pv = row >= 0 && row < SIZE && col >= 0 && col < SIZE ? preview(drag.piece, row, col) : null;
    drag.anchor = pv && pv.fits ? pv : null;
    drag.avatar.classList.toggle("is-over", !!drag.anchor);
    showPreview(drag.anchor, false);
  }

  function onPointerUp(event) {
    if (!drag || event.pointerId !== drag.id) return;
    var d = drag;
    drag = null;
    if (d.frame) window.cancelAnimationFrame(d.frame);
    if (!d.started) return; // a click: the click handler selects the piece
    ignoreClick = true;
    window.setTimeout(function () {
      ignoreClick = false;
    }, 400);
    area().classList.remove("is-dragging");
    if (event.type === "pointerup") {
      d.x = event.clientX;
      d.y = event.clientY;
      drag = d;
      dragFrame(); // final position decides the anchor
      drag = null;
    }
    if (event.type === "pointerup" && d.anchor && !inFlight && isPlaying()) {
      settleAvatar(d.avatar, d.anchor, d.geo);
      selected = d.piece;
      send(d.piece, d.anchor, d.avatar);
      selected = null;
    } else {
      clearPreview();
      d.button.classList.remove("is-dragging");
      snapBack(d.avatar, d.button);
      if (event.type === "pointerup") nope(null);
    }
  }

  /* Slide the floating piece onto its cells while the server answers. */
  function settleAvatar(avatar, pv, geo) {
    var left = geo.left + pv.col * geo.pitch;
    var top = geo.top + pv.row * geo.pitch;
    avatar.classList.add("is-settling");
    avatar.style.transform = "translate3d(" + left + "px," + top + "px,0)";
  }

  /* Animate the floating piece back to its slot in the hand, then drop it. */
  function snapBack(avatar, button) {
    if (!avatar) return;
    var slotButton =
      (button && document.body.contains(button) && button) ||
      (button && document.querySelector('.piece[data-slot="' + button.dataset.slot + '"]'));
    if (!animate() || !slotButton) {
      avatar.remove();
      if (slotButton) slotButton.classList.remove("is-dragging", "is-sending");
      return;
    }
    var shape = slotButton.querySelector(".shape").getBoundingClientRect();
    var scale = shape.width / avatar.width;
    avatar.classList.remove("is-settling", "is-over");
    avatar.classList.add("is-returning");
    avatar.style.transform = "translate3d(" + shape.left + "px," + shape.top + "px,0) scale(" + scale + ")";
    var done = function () {
      avatar.remove();
      var current = document.querySelector('.piece[data-slot="' + slotButton.dataset.slot + '"]');
      if (current) current.classList.remove("is-dragging", "is-sending");
    };
    avatar.addEventListener("transitionend", done, { once: true });
    window.setTimeout(done, 400);
  }

  /* ---------------------------------------------------------- HTMX plumbing */

  function targetsPlayArea(detail) {
    var target = detail && (detail.target || (detail.requestConfig && detail.requestConfig.target));
    return !!target && target.id === "play-area";
  }

  function incomingState(html) {
    var id = /data-game-id="([^"]*)"/.exec(html || "");
    var moves = /data-moves="(\d+)"/.exec(html || "");
    return id && moves ? { gameId: id[1], moves: +moves[1] } : null;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!targetsPlayArea(event.detail)) return;
    if (inFlight) {
      event.preventDefault(); // one request at a time: ignore this one
      return;
    }
    inFlight = true;
    var a = area();
    if (a) {
      a.classList.add("is-busy");
      a.setAttribute("aria-busy", "true");
    }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail;
    if (!targetsPlayArea(detail)) return;
    var status = detail.xhr.status;
    if (RESYNC_STATUSES.indexOf(status) !== -1 && detail.serverResponse) {
      detail.shouldSwap = true; // a refused move comes with the server's board
      detail.isError = false;
    }
    if (!detail.shouldSwap) return;
    var incoming = incomingState(detail.serverResponse);
    var current = area();
    if (!incoming) {
      detail.shouldSwap = false;
      return;
    }
    var elt = detail.requestConfig && detail.requestConfig.elt;
    var isNewGame = !!(elt && elt.hasAttribute && elt.hasAttribute("data-new-game"));
    if (current && !isNewGame) {
      // never replace the board on screen with an older one
      if (incoming.gameId !== current.dataset.gameId || incoming.moves < +current.dataset.moves) {
        detail.shouldSwap = false;
      }
    }
  });

  document.addEventListener("bk:game-error", function (event) {
    var info = event.detail || {};
    if (info.code === "not_found") {
      window.location.reload();
      return;
    }
    if (pending) {
      pending.rejected = true;
      snapBack(pending.avatar, pending.button);
      pending.avatar = null;
      nope(null);
    }
    toast(info.detail);
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target && event.target.id === "play-area") afterBoardSwap(event.target);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    if (!targetsPlayArea(event.detail)) return;
    inFlight = false;
    var a = area();
    if (a) {
      a.classList.remove("is-busy");
      a.removeAttribute("aria-busy");
    }
    var xhr = event.detail.xhr;
    var status = xhr ? xhr.status : 0;
    var unanswered = status === 0 || status >= 500; // network error, timeout or server error
    if (pending) {
      // not swapped in (network error, server error or an outdated answer): put the piece back
      var p = pending;
      pending = null;
      snapBack(p.avatar, p.button);
      if (p.button) p.button.classList.remove("is-sending");
      clearPreview();
      if (!unanswered && (!event.detail.successful || event.detail.failed)) resync(false);
    }
    if (unanswered) connectionLost();
    else connectionBack();
  });

  function resync(tellPlayer) {
    var a = area();
    if (!a) return;
    if (tellPlayer) toast(strings("network"));
    window.htmx.ajax("GET", a.dataset.boardUrl, {
      source: document.getElementById("main"),
      target: "#play-area",
      swap: "outerHTML",
    });
  }

  /* ------------------------------------------------------ connection lost */

  function banner() {
    return document.getElementById("connection-lost");
  }

  /* No answer from the server: say so, and fetch the board again after a growing delay. */
  function connectionLost() {
    var first = retryDelay === 0;
    retryDelay = first ? RETRY_FIRST_MS : Math.min(RETRY_MAX_MS, retryDelay * 2);
    var el = banner();
    if (el) el.hidden = false;
    if (first) announce(el ? el.textContent : strings("network"));
    window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(retryBoard, retryDelay);
  }

  function retryBoard() {
    if (inFlight) {
      retryTimer = window.setTimeout(retryBoard, 250); // a request is on its way: its answer decides
      return;
    }
    resync(false);
  }

  /* The server answered: hide the banner; the board on screen is the server's again. */
  function connectionBack() {
    if (retryDelay === 0) return;
    retryDelay = 0;
    window.clearTimeout(retryTimer);
    var el = banner();
    if (el) el.hidden = true;
    toast(strings("network"));
  }

  function afterBoardSwap(a) {
    var p = pending;
    pending = null;
    selected = null;
    var event = a.dataset.event;
    var sound = window.BlockKnockSound;
    if (p && p.avatar) p.avatar.remove();
    if (event === "move" && !a.dataset.error && p) {
      p.targets.forEach(function (t) {
        var cell = cellAt(t[0], t[1]);
        if (cell && cell.classList.contains("is-filled")) cell.classList.add("is-placed");
      });
    }
    if (event === "move" && !a.dataset.error) {
      var lines = +(a.dataset.resultLines || 0);
      var combo = +(a.dataset.resultCombo || 0);
      if (lines > 0) {
        sound && sound.play("clear", lines);
        if (combo > 1) sound && sound.play("combo", combo);
        if (navigator.vibrate) {
          try {
            navigator.vibrate(lines > 1 ? [22, 40, 28] : 24);
          } catch (err) {
            /* not allowed: fine */
          }
        }
      } else {
        sound && sound.play("place");
      }
      if (a.dataset.status !== "playing") sound && sound.play("end");
    }
    var summary = a.querySelector("[data-announce]");
    if (summary && event) announce(summary.textContent);
    setRoving(focusPos.row, focusPos.col);
    restoreFocus(a, p);
    if (sound) sound.sync();
  }

  /* After a swap the focused element is gone: put keyboard focus somewhere useful. */
  function restoreFocus(a, p) {
    var active = document.activeElement;
    if (active && active !== document.body && document.body.contains(active)) return;
    var overlay = a.querySelector(".overlay [data-autofocus]");
    if (overlay) {
      overlay.focus();
      return;
    }
    if (lastInput !== "keyboard") return;
    var next = a.querySelector(".piece[data-slot]:not([disabled])");
    if (p && p.rejected) {
      var again = a.querySelector('.piece[data-slot="' + p.slot + '"]');
      if (again) next = again;
    }
    if (next) next.focus();
    else focusCell(focusPos.row, focusPos.col);
  }

  /* New game asks first (a <dialog>) while the game is unfinished. */
  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail.elt;
    if (!elt || !elt.hasAttribute || !elt.hasAttribute("data-confirm-new")) return;
    var dialog = document.getElementById("new-game-dialog");
    if (!dialog || typeof dialog.showModal !== "function") return;
    event.preventDefault();
    if (inFlight) return;
    dialog.returnValue = "";
    dialog.addEventListener(
      "close",
      function () {
        if (dialog.returnValue === "confirm") event.detail.issueRequest(true);
      },
      { once: true }
    );
    dialog.showModal();
  });

  /* ------------------------------------------------------------ listeners */

  document.addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove, { passive: false });
  document.addEventListener("pointerup", onPointerUp);
  document.addEventListener("pointercancel", onPointerUp);

  document.addEventListener(
    "keydown",
    function (event) {
      lastInput = "keyboard";
      if (event.key === "Escape" && selected && !document.querySelector("dialog[open]")) {
        var button = selected.button;
        var inBoard = board() && board().contains(document.activeElement);
        deselect();
        announce(strings("cancelled"));
        if (inBoard && document.body.contains(button)) button.focus();
        return;
      }
      if (board() && board().contains(event.target)) onBoardKey(event);
    },
    true
  );
  document.addEventListener(
    "pointerdown",
    function () {
      lastInput = "pointer";
    },
    true
  );

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".piece[data-slot]");
    if (button) {
      if (ignoreClick) {
        ignoreClick = false;
        return;
      }
      select(button, event.detail === 0 || lastInput === "keyboard");
      return;
    }
    var cell = event.target.closest("#board .cell");
    if (cell && selected && lastInput !== "keyboard") {
      setRoving(+cell.dataset.row, +cell.dataset.col);
      placeAt(+cell.dataset.row, +cell.dataset.col);
    }
  });

  /* Hover (mouse) and focus (keyboard) preview the selected piece at that anchor. */
  document.addEventListener("pointerover", function (event) {
    if (drag || !selected || inFlight || event.pointerType !== "mouse") return;
    var cell = event.target.closest && event.target.closest("#board .cell");
    if (cell) showPreview(preview(selected, +cell.dataset.row, +cell.dataset.col), true);
  });
  document.addEventListener("pointerout", function (event) {
    if (drag || !selected || inFlight || event.pointerType !== "mouse") return;
    var b = board();
    if (b && b.contains(event.target) && !b.contains(event.relatedTarget)) clearPreview();
  });
  document.addEventListener("focusin", function (event) {
    var cell = event.target.closest && event.target.closest("#board .cell");
    if (!cell) return;
    setRoving(+cell.dataset.row, +cell.dataset.col);
    if (selected && !inFlight) showPreview(preview(selected, +cell.dataset.row, +cell.dataset.col), true);
  });

  /* Coming back to a tab restored from the back/forward cache: fetch the server's board. */
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && area()) resync(false);
  });
})();
