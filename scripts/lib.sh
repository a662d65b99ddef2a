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
