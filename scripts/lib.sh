# Helpers sourced by scripts/serve and scripts/test (not executable on its own).
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
