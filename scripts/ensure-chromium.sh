#!/bin/sh
# Make sure Debian's Chromium is installed for the Playwright browser tests (make test calls this).
# Playwright is pointed at /usr/bin/chromium; no browser is downloaded by Playwright itself.
set -eu
CHROMIUM="${DONJON_CHROMIUM:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
    exit 0
fi
echo "ensure-chromium: $CHROMIUM is missing; installing the chromium package" >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "ensure-chromium: not root and no sudo: install the 'chromium' package by hand" >&2
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends chromium
if [ ! -x "$CHROMIUM" ]; then
    echo "ensure-chromium: the chromium package did not provide $CHROMIUM" >&2
    exit 1
fi
