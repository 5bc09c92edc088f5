#!/usr/bin/env bash
# What the real-container tests need: Podman with runc, debootstrap to build the system image, and the OpenSSH
# client with sshpass to log in through the gateway; installed from Debian when missing (CI runs as root, without
# a terminal). Then the system image, built once and cached (scripts/build-images.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(podman runc debootstrap openssh-client sshpass)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "missing ${missing[*]}; run as root or install them: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
fi
bash scripts/build-images.sh
