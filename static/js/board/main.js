/*
 * Block Knock! board controls over the server-rendered board (htmx), loaded by
 * templates/game/play.html as a module. A move is played on the page at once by
 * the game's rules (../rules/rules.js, with the numbers of its rules version) and
 * confirmed by the server, which decides:
 *
 *   state.js      the one shared state object; the game read from data-* attributes
 *   preview.js    the ghost and the lines it would complete
 *   drag.js       drag and drop (pointer events); avatar.js the floating piece
 *   selection.js  click + click (on touch: tap to preview, tap again to place), mouse hover preview
 *   keyboard.js   the board's keyboard; focus.js its roving focus
 *   local.js      the move played on the page, confirmed in place
 *   sync.js       the move controller on the page: what the answers do (confirm in place, swap, roll back, toast)
 *   moves.js      its core, no DOM: the unconfirmed moves, each request's phase and its one release (tests/js/)
 *   transport.js  the requests through htmx and the CSRF retry; connection.js the back-off while unreachable
 *   session.js    a stale tab
 *   feedback.js   toasts, sounds, animations, announcements (../live.js)
 */
import { listen as listenDrag } from "./drag.js";
import { listen as listenFeedback } from "./feedback.js";
import { listen as listenKeyboard } from "./keyboard.js";
import { listen as listenSelection } from "./selection.js";
import { listen as listenSync } from "./sync.js";

listenSync();
listenDrag();
listenKeyboard();
listenSelection();
listenFeedback();
// The board answers from now on: the tray's "Getting ready…" goes (play.css) and tests may start.
document.documentElement.dataset.boardReady = "";
