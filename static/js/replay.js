/*
 * Block Knock! replay: step through a finished game.
 *
 * The page (templates/leaderboards/replay.html) renders the start board and an
 * element [data-replay] whose data-replay-url is GET /api/games/{id}/replay/.
 * This script loads the steps once and shows the board after each one:
 * buttons [data-replay-go="first|prev|play|next|last"], and the keys ←/→,
 * Home/End anywhere on the page, a swipe on the board (swipe.js). It knows no rules: every board, hand and
 * score comes from the server's replay. Texts come from data-t-* attributes.
 */
import { announce } from "./live.js";
import { onSwipe } from "./swipe.js";
import { wordsOf } from "./words.js";

const replayRoot = document.querySelector("[data-replay]");
if (replayRoot) startReplay(replayRoot);

/* Load the replay into the [data-replay] element and wire its controls. */
function startReplay(root) {
  const AUTOPLAY_MS = 800;
  const boardEl = root.querySelector("[data-replay-board]");
  const cells = Array.prototype.slice.call(boardEl.querySelectorAll(".cell"));
  const scoreEl = root.querySelector("[data-replay-score]");
  const stepEl = root.querySelector("[data-replay-step]");
  const resultEl = root.querySelector("[data-replay-result]");
  const handEl = root.querySelector("[data-replay-hand]");
  const errorEl = root.querySelector("[data-replay-error]");
  const playLabel = root.querySelector("[data-replay-play-label]");
  const buttons = {};
  Array.prototype.forEach.call(root.querySelectorAll("[data-replay-go]"), (button) => {
    buttons[button.dataset.replayGo] = button;
  });
  const numbers = new Intl.NumberFormat(document.documentElement.lang || undefined);

  let steps = [];
  let boards = []; // boards[k]: the board after k steps (boards[0] is the start)
  let scores = []; // scores[k]: the score after k steps
  let at = 0;
  let timer = null;

  const t = wordsOf(root);

  function _cellAt(row, col) {
    return cells[row * 8 + col];
  }

  function stepLabel(k) {
    if (k === 0) return t("start");
    const step = steps[k - 1];
    const label = t("step", { n: numbers.format(k), total: numbers.format(steps.length) });
    if (step.continue) return `${label} · ${t("continue")}`;
    return step.decline ? `${label} · ${t("decline")}` : label;
  }

  function resultText(step) {
    if (!step?.result) return "";
    const result = step.result;
    const parts = [t("points", { points: numbers.format(result.points) })];
    if (result.lines === 1) parts.push(t("line"));
    else if (result.lines > 1) parts.push(t("lines", { lines: numbers.format(result.lines) }));
    if (result.lines && result.combo > 1)
      parts.push(t("combo", { combo: numbers.format(result.combo) }));
    if (result.clear_bonus) parts.push(t("clear"));
    return parts.join(" · ");
  }

  function shape(cellsOfPiece) {
    let height = 0;
    let width = 0;
    cellsOfPiece.forEach((cell) => {
      height = Math.max(height, cell[0] + 1);
      width = Math.max(width, cell[1] + 1);
    });
    const el = document.createElement("span");
    el.className = `shape w${width} h${height}`;
    cellsOfPiece.forEach((cell) => {
      const block = document.createElement("i");
      block.className = `r${cell[0]} c${cell[1]}`;
      el.appendChild(block);
    });
    return el;
  }

  function renderHand(k) {
    handEl.textContent = "";
    const next = steps[k];
    if (!next) {
      const over = document.createElement("p");
      over.className = "replay-over";
      over.textContent = t("end");
      handEl.appendChild(over);
      return;
    }
    const playing = next.move ? next.move.slot : -1;
    next.hand.forEach((slot, index) => {
      const piece = document.createElement("div");
      piece.className =
        "piece replay-piece" +
        (slot.used ? " piece--used" : "") +
        (index === playing ? " is-next" : "");
      piece.dataset.piece = slot.piece;
      if (!slot.used) piece.appendChild(shape(slot.cells));
      handEl.appendChild(piece);
    });
  }

  function renderBoard(k, forward) {
    const rows = boards[k];
    const step = k > 0 ? steps[k - 1] : null;
    const placed = {};
    if (step?.move) {
      const piece = step.hand[step.move.slot];
      piece.cells.forEach((cell) => {
        placed[(step.move.row + cell[0]) * 8 + step.move.col + cell[1]] = true;
      });
    }
    const clearedRows = step?.result ? step.result.rows : [];
    const clearedCols = step?.result ? step.result.cols : [];
    cells.forEach((cell, index) => {
      const row = Math.floor(index / 8);
      const col = index % 8;
      cell.classList.toggle("is-filled", rows[row].charAt(col) === "#");
      cell.classList.toggle("is-last", Boolean(placed[index]));
      cell.classList.remove("is-placed", "fx-clear");
      if (forward && placed[index]) cell.classList.add("is-placed");
      if (forward && (clearedRows.indexOf(row) >= 0 || clearedCols.indexOf(col) >= 0)) {
        void cell.offsetWidth; // restart the animation
        cell.classList.add("fx-clear");
      }
    });
  }

  function show(k, options) {
    k = Math.max(0, Math.min(steps.length, k));
    const forward = Boolean(options?.animate) && k === at + 1;
    at = k;
    renderBoard(k, forward);
    renderHand(k);
    scoreEl.textContent = numbers.format(scores[k]);
    stepEl.textContent = stepLabel(k);
    resultEl.textContent = k > 0 ? resultText(steps[k - 1]) : "";
    buttons.first.disabled = buttons.prev.disabled = k === 0;
    buttons.next.disabled = buttons.last.disabled = k === steps.length;
    announce(t("announce", { step: stepLabel(k), score: numbers.format(scores[k]) }));
    if (k === steps.length) stop();
  }

  function stop() {
    if (timer === null) return;
    window.clearInterval(timer);
    timer = null;
    buttons.play.setAttribute("aria-pressed", "false");
    playLabel.textContent = t("play");
  }

  function play() {
    if (timer !== null) return stop();
    if (at === steps.length) show(0);
    buttons.play.setAttribute("aria-pressed", "true");
    playLabel.textContent = t("pause");
    timer = window.setInterval(() => {
      show(at + 1, { animate: true });
    }, AUTOPLAY_MS);
  }

  const actions = {
    first: () => {
      stop();
      show(0);
    },
    prev: () => {
      stop();
      show(at - 1);
    },
    next: () => {
      stop();
      show(at + 1, { animate: true });
    },
    last: () => {
      stop();
      show(steps.length);
    },
    play: play,
  };
  const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

  function start(replay) {
    steps = replay.steps;
    boards = [replay.start_board];
    scores = [0];
    steps.forEach((step, index) => {
      boards.push(step.board);
      scores.push(scores[index] + (step.result ? step.result.points : 0));
    });
    Object.keys(buttons).forEach((name) => {
      buttons[name].disabled = false;
      buttons[name].addEventListener("click", actions[name]);
    });
    buttons.play.disabled = steps.length === 0;
    onSwipe(boardEl, (name) => {
      actions[name]();
    });
    document.addEventListener("keydown", (event) => {
      const action = keys[event.key];
      if (!action || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.target.closest("input, textarea, select, [contenteditable]")) return;
      event.preventDefault();
      actions[action]();
    });
    show(0);
  }

  function fail() {
    errorEl.textContent = t("error");
    errorEl.hidden = false;
  }

  fetch(root.dataset.replayUrl, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  })
    .then((response) => {
      if (!response.ok) throw new Error(`replay ${response.status}`);
      return response.json();
    })
    .then(start)
    .catch(fail);
}
