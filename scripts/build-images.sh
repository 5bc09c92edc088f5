#!/usr/bin/env bash
# `npm run images`: builds the system image that every seeded system image runs under COMPUTE_DRIVER=podman —
# Debian 12 (debootstrap, minbase) with OpenSSH's sftp-server, Python 3 and Jupyter Notebook — and imports it
# into Podman as localhost/suanli/base:bookworm. Nothing can be pulled here, so the image is built from the
# Debian mirror apt uses. The root filesystem is cached as a tarball under IMAGE_CACHE_DIR (default
# DATA_DIR/images) and keyed by its recipe: a second run imports from the cache, and does nothing when
# Podman already holds this recipe's image.
set -euo pipefail
cd "$(dirname "$0")/.."
# `npm run images -- desktop` builds the desktop variant too (scripts/build-desktop-image.sh, which builds this one first).
if [[ ${1:-} == desktop ]]; then exec bash scripts/build-desktop-image.sh; fi
image=localhost/suanli/base:bookworm
base_packages=openssh-server,python3,procps,iproute2,rsync
# Installed by apt inside the root filesystem: debootstrap's resolver misses virtual packages (python3-zmq's cffi ABI).
extra_packages=(python3-notebook)
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=${IMAGE_CACHE_DIR:-${DATA_DIR:-$PWD/data}/images}
init=api-server/src/compute/podman/suanli-init.sh
recipe=$( (echo "$base_packages ${extra_packages[*]}"; cat "$init") | sha256sum | cut -c1-16)

mkdir -p "$cache"
# Test runs starting together build once: the others wait here and find the image built.
exec 9>"$cache/.lock"
flock 9
if [[ $(podman image inspect --format '{{index .Labels "suanli.recipe"}}' "$image" 2>/dev/null) == "$recipe" ]]; then
  echo "$image is up to date (recipe $recipe)"
  exit 0
fi
tarball=$cache/base-bookworm-$recipe.tar
if [[ ! -f $tarball ]]; then
  work=$(mktemp -d "$cache/build.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  echo "debootstrap bookworm into $work (about a minute)"
  debootstrap --variant=minbase --include="$base_packages" bookworm "$work/rootfs" "$mirror" >"$work/build.log" 2>&1 ||
    { tail -20 "$work/build.log" >&2; exit 1; }
  cp /etc/resolv.conf "$work/rootfs/etc/resolv.conf"
  { chroot "$work/rootfs" apt-get update -qq &&
    chroot "$work/rootfs" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${extra_packages[@]}" &&
    chroot "$work/rootfs" apt-get clean; } >>"$work/build.log" 2>&1 </dev/null || { tail -20 "$work/build.log" >&2; exit 1; }
  install -m 0755 "$init" "$work/rootfs/usr/local/sbin/suanli-init"
  rm -rf "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -cf "$tarball.part" .
  mv "$tarball.part" "$tarball"
fi
podman import --change 'CMD ["/usr/local/sbin/suanli-init"]' --change "LABEL suanli.recipe=$recipe" \
  --change 'WORKDIR /root' --change 'ENV LANG=C.UTF-8' "$tarball" "$image" >/dev/null
echo "built $image (recipe $recipe)"
