/*
 * Block Knock! board controls over the server-rendered board (htmx), loaded by
 * templates/game/play.html as a module. The server decides every move; these
 * modules only preview, animate and talk to it:
 *
 *   state.js      the one shared state object; the game read from data-* attributes
 *   preview.js    the ghost and the lines it would complete
 *   drag.js       drag and drop (pointer events); avatar.js the floating piece
 *   selection.js  click + click, mouse hover preview
 *   keyboard.js   the board's keyboard; focus.js its roving focus
 *   sync.js       htmx requests and swaps, refused moves, connection lost
 *   feedback.js   toasts, sounds, animations, announcements (../live.js)
 */
import { listen as listenDrag } from "./drag.js";
import { listen as listenFeedback } from "./feedback.js";
import { listen as listenKeyboard } from "./keyboard.js";
import { listen as listenSelection } from "./selection.js";
import { listen as listenSync } from "./sync.js";

listenSync();
listenFeedback();
listenDrag();
listenKeyboard();
listenSelection();
