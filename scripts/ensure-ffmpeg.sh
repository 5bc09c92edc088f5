#!/usr/bin/env bash
# Debian's ffmpeg (ffprobe with it), which the server uses to measure uploaded videos and transcode them to HLS:
# installed when missing (CI runs as root, without a terminal), so the transcoder tests run the real thing.
set -euo pipefail
if dpkg-query -W -f='${Status}' ffmpeg 2>/dev/null | grep -q 'install ok installed'; then exit 0; fi
if [[ $(id -u) -ne 0 ]]; then
  echo "ffmpeg is missing; run as root or install it: apt-get install -y ffmpeg" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends ffmpeg </dev/null
