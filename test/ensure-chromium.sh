#!/usr/bin/env bash
# The browser tests drive Debian's Chromium. Finds it, installs Debian's package when this user
# can (root with apt-get, as on CI), or stops `npm test` at once with one line saying how.
set -uo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$browser" ] && exit 0
if [ "$EUID" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's package for the browser tests"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null && [ -x "$browser" ] && exit 0
fi
echo "Chromium is missing at $browser for the browser tests: install it (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
