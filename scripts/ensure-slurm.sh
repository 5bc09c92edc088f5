#!/usr/bin/env bash
# What the Slurm tests need: Debian's Slurm 22.05 (controller, node daemon and the command-line tools), munge and
# python3 (the scheduler hands work folders over with it on the login node);
# installed when missing (CI runs as root, without a terminal). The distro's services are not started: each test
# run starts its own private cluster (api-server/src/test-support/slurm-cluster.ts).
set -euo pipefail
packages=(slurmctld slurmd slurm-client munge python3)
missing=()
for package in "${packages[@]}"; do
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
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
