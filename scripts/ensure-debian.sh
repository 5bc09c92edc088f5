#!/usr/bin/env bash
# Installs the named Debian packages that are missing (CI runs as root, without a terminal), or stops with the
# command to run. Services the packages bring are not started: each test starts its own private instance.
set -euo pipefail
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]} == 0)); then exit 0; fi
if [[ $(id -u) -ne 0 ]]; then
  echo "missing ${missing[*]}; run as root or install them: apt-get install -y ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# No init system here: policy-rc.d keeps the packages' postinst from starting the services.
policy=/usr/sbin/policy-rc.d
created_policy=no
if [[ ! -e $policy ]]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod 755 "$policy"
  created_policy=yes
fi
trap '[[ $created_policy == yes ]] && rm -f "$policy"' EXIT
apt-get update -qq -o DPkg::Lock::Timeout=600
apt-get install -y -qq -o DPkg::Lock::Timeout=600 --no-install-recommends "${missing[@]}" </dev/null
