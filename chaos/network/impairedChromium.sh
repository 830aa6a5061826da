#!/bin/sh
# The system Chromium as the user id LABLIVE_BADNET_UID (no account needed), which the chaos scenario
# `network` puts behind a bad link (iptables NFQUEUE hands that id's packets, and the answers to them, to
# badLink.c). Playwright starts this instead of /usr/bin/chromium; the profile it made as root is
# handed over first, and the browser's home is inside it.
set -eu
uid="${LABLIVE_BADNET_UID:?LABLIVE_BADNET_UID is not set}"
profile=""
for arg in "$@"; do
  case "$arg" in --user-data-dir=*) profile="${arg#--user-data-dir=}" ;; esac
done
[ -n "$profile" ] || { echo "impairedChromium: no --user-data-dir" >&2; exit 2; }
mkdir -p "$profile/home"
chown -R "$uid:$uid" "$profile"
exec setpriv --reuid="$uid" --regid="$uid" --clear-groups env HOME="$profile/home" "${CHROMIUM_PATH:-/usr/bin/chromium}" "$@"
