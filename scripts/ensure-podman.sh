#!/usr/bin/env bash
# What the real-container tests need: Podman with runc and catatonit (the init of `--init` containers), debootstrap to build the system image, and the OpenSSH
# client with sshpass (and rsync) to log in through the gateway; installed from Debian when missing (CI runs as root, without
# a terminal). Then the system image, built once and cached (scripts/build-images.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-debian.sh podman runc catatonit debootstrap openssh-client sshpass rsync
bash scripts/build-images.sh
