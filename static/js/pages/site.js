// Every page's modules but the play page's (static/js/pages/play.js has these and the board's):
// bundled by scripts/bundle into static/build/js/pages/site.js, which templates/base.html loads.
import "../sound.js";
import "../local-time.js";
import "../pwa.js";
