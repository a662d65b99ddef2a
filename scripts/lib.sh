# Helpers sourced by the scripts in scripts/ (not executable on its own).
# shellcheck shell=bash

log() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }

is_root_with_apt() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }

APT_UPDATED=""
apt_install() {
    export DEBIAN_FRONTEND=noninteractive
    if [ -z "$APT_UPDATED" ]; then
        apt-get -o DPkg::Lock::Timeout=300 update -qq
        APT_UPDATED=1
    fi
    apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "$@"
}

# Prints the first translation catalogue directory ("locale") of the project, if any.
find_locale_dir() {
    find . \( -path ./.venv -o -path ./.git -o -path ./node_modules -o -path ./staticfiles \
        -o -path ./var \) -prune -o -type d -name locale -print -quit
}

# manage.py compilemessages when the project has translations.
compile_messages() {
    [ -n "$(find_locale_dir)" ] || return 0
    if ! command -v msgfmt >/dev/null 2>&1; then
        if is_root_with_apt; then
            log "installing gettext (msgfmt) for compilemessages"
            apt_install gettext
        else
            log "WARNING: locale/ exists but msgfmt (gettext) is missing: translations not compiled"
            return 0
        fi
    fi
    .venv/bin/python manage.py compilemessages --ignore=.venv --ignore=node_modules \
        --ignore=staticfiles --ignore=var -v 0
}

# node_modules matches package-lock.json: every package the lock needs on this machine
# (the optional ones are other platforms' binaries) is installed at the locked version;
# npm ci installs them where not (Biome for scripts/lint, esbuild for scripts/bundle).
node_modules_current() {
    [ -f node_modules/.package-lock.json ] && node -e '
        const want = require("./package-lock.json").packages;
        const have = require("./node_modules/.package-lock.json").packages;
        for (const [path, pkg] of Object.entries(want)) {
            if (path === "" || (pkg.optional && !have[path])) continue;
            if (!have[path] || have[path].version !== pkg.version) process.exit(1);
        }' 2>/dev/null
}

ensure_node_tools() {
    if ! node_modules_current; then
        log "installing the JavaScript tools (npm ci: node_modules is missing or out of date)"
        npm ci --no-audit --no-fund --loglevel=error
    fi
}

# The programs the tests drive outside Python: Debian's Chromium for the browser tests, nginx
# for the deploy tests, a CJK font for the Chinese pages (scripts/test, scripts/flaky).
ensure_test_programs() {
    if [ ! -x /usr/bin/chromium ]; then
        if is_root_with_apt; then
            log "installing Debian chromium + chromium-driver (+ fonts-noto-cjk) for the browser tests"
            apt_install chromium chromium-driver fonts-noto-cjk
        else
            log "WARNING: /usr/bin/chromium is missing and apt-get is not usable here: e2e tests will fail"
        fi
    fi
    # The nginx site in deploy/ is checked with `nginx -t` (tests/deploy/test_files.py).
    if [ ! -x /usr/sbin/nginx ]; then
        if is_root_with_apt; then
            log "installing Debian nginx for the test of deploy/nginx/blockknock.conf"
            apt_install nginx
        else
            log "WARNING: /usr/sbin/nginx is missing and apt-get is not usable here: the nginx config test will fail"
        fi
    fi
    # The site is also in Traditional Chinese: without a CJK font the browser draws it as boxes
    # (the tests still pass; screenshots and failure artifacts would be unreadable).
    if command -v dpkg >/dev/null 2>&1 && ! dpkg -s fonts-noto-cjk >/dev/null 2>&1 && is_root_with_apt; then
        log "installing Debian fonts-noto-cjk so Chinese pages render in the browser tests"
        apt_install fonts-noto-cjk || log "WARNING: fonts-noto-cjk could not be installed: Chinese will render as boxes"
    fi
}
