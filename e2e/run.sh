#!/usr/bin/env bash
# Browser tests: Debian's Chromium, driven by webdriverio under Vitest, against the real api-server
# serving the built portal. Installs the browser when missing (CI runs as root, without a terminal)
# and builds the portal when dist/web is missing. Extra arguments go to vitest (e.g. -t "404").
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
for package in chromium chromium-headless-shell chromium-driver fonts-noto-cjk; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "e2e: missing ${missing[*]}; run as root or install them: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
fi

bash scripts/ensure-ffmpeg.sh

[[ -f dist/web/index.html && -f dist/web/importmap.json ]] || npm run build:web

# Chromium fails every request it is connecting (net::ERR_NETWORK_CHANGED) whenever this machine gains an IP address,
# and each container Podman starts (here and in the server suites running beside) gives its host-side veth an IPv6
# link-local address about two seconds later. While the journeys run, new interfaces get none; the setting comes back.
gen_mode=/proc/sys/net/ipv6/conf/default/addr_gen_mode
previous=$(cat "$gen_mode" 2>/dev/null || true)
if [[ -n $previous ]] && (echo 1 >"$gen_mode") 2>/dev/null; then
  trap 'echo "$previous" >"$gen_mode"' EXIT
else
  echo "e2e: cannot set $gen_mode (not root?): a container started during a journey may fail the browser's requests" >&2
fi

npx vitest run -c e2e/vitest.config.ts "$@"
