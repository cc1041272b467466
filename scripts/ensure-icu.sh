#!/bin/sh
# Make sure PyICU can be built (player names are compared by ICU's confusables table): it needs
# ICU's headers, pkg-config and a C++ compiler, from Debian's packages. The Makefile calls this
# before installing the server's dependencies.
set -eu
if pkg-config --exists icu-i18n 2>/dev/null && command -v c++ >/dev/null 2>&1; then
    exit 0
fi
echo "ensure-icu: ICU's headers, pkg-config or a C++ compiler are missing; installing them" >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "ensure-icu: not root and no sudo: install libicu-dev, pkg-config and g++ by hand" >&2
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends libicu-dev pkg-config g++
