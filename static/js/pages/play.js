// The play page's modules, every page's first (static/js/pages/site.js): bundled by scripts/bundle
// into static/build/js/pages/play.js, one file the phone fetches beside the page's one stylesheet.
import "./site.js";
import "../board/main.js";
import "../client-seed.js";
import "../first-hint.js";
