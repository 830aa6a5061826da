#!/usr/bin/env bash
# Runs Debian's Janus (package `janus`) with LabLive's configuration, in the foreground.
#   JANUS_API_SECRET   required: the API secret LabLive's JANUS_API_SECRET must match
#   JANUS_ADMIN_KEY    required: the VideoRoom admin key (LabLive's JANUS_ADMIN_KEY)
#   JANUS_WS_PORT      the API's WebSocket port (8188)
#   JANUS_WS_BIND      the interface it listens on (127.0.0.1)
#   JANUS_RTP_PORTS    UDP ports for media (20000-40000): open them to the browsers
#   JANUS_PUBLIC_IP    the address browsers reach media on, behind a NAT (nat_1_1_mapping)
#   JANUS_RUN_DIR      where the filled-in configuration goes (a new temporary folder)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${JANUS_API_SECRET:?set JANUS_API_SECRET}"
: "${JANUS_ADMIN_KEY:?set JANUS_ADMIN_KEY}"
run_dir="${JANUS_RUN_DIR:-$(mktemp -d -t lablive-janus.XXXXXX)}"
mkdir -p "$run_dir"
nat=""
if [ -n "${JANUS_PUBLIC_IP:-}" ]; then nat="nat_1_1_mapping = \"${JANUS_PUBLIC_IP}\""; fi
for file in janus.jcfg janus.transport.websockets.jcfg janus.plugin.videoroom.jcfg; do
  sed -e "s|@CONFIGS@|${run_dir}|" \
      -e "s|@API_SECRET@|${JANUS_API_SECRET}|" \
      -e "s|@ADMIN_SECRET@|${JANUS_ADMIN_KEY}|" \
      -e "s|@ADMIN_KEY@|${JANUS_ADMIN_KEY}|" \
      -e "s|@WS_PORT@|${JANUS_WS_PORT:-8188}|" \
      -e "s|@WS_BIND@|${JANUS_WS_BIND:-127.0.0.1}|" \
      -e "s|@RTP_PORTS@|${JANUS_RTP_PORTS:-20000-40000}|" \
      -e "s|@NAT@|${nat}|" \
      "$here/$file" > "$run_dir/$file"
done
exec janus --configs-folder="$run_dir" --config="$run_dir/janus.jcfg" --disable-colors
