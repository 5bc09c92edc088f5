#!/usr/bin/env bash
# `npm run images`: builds the system image that every seeded system image runs under COMPUTE_DRIVER=podman —
# Debian 12 (debootstrap, minbase) with OpenSSH's sftp-server, Python 3 and Jupyter Notebook — and imports it
# into Podman as localhost/suanli/base:bookworm. Nothing can be pulled here, so the image is built from the
# Debian mirror apt uses. The root filesystem is cached as a tarball under IMAGE_CACHE_DIR (default
# DATA_DIR/images) and keyed by its recipe: a second run imports from the cache, and does nothing when
# Podman already holds this recipe's image.
set -euo pipefail
cd "$(dirname "$0")/.."
image=localhost/suanli/base:bookworm
packages=openssh-server,python3,python3-notebook,procps,iproute2
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=${IMAGE_CACHE_DIR:-${DATA_DIR:-$PWD/data}/images}
init=api-server/src/compute/podman/suanli-init.sh
recipe=$( (echo "$packages"; cat "$init") | sha256sum | cut -c1-16)

if [[ $(podman image inspect --format '{{index .Labels "suanli.recipe"}}' "$image" 2>/dev/null) == "$recipe" ]]; then
  echo "$image is up to date (recipe $recipe)"
  exit 0
fi
mkdir -p "$cache"
tarball=$cache/base-bookworm-$recipe.tar
if [[ ! -f $tarball ]]; then
  work=$(mktemp -d "$cache/build.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  echo "debootstrap bookworm into $work (about a minute)"
  debootstrap --variant=minbase --include="$packages" bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  install -m 0755 "$init" "$work/rootfs/usr/local/sbin/suanli-init"
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -cf "$tarball.part" .
  mv "$tarball.part" "$tarball"
fi
podman import --change 'CMD ["/usr/local/sbin/suanli-init"]' --change "LABEL suanli.recipe=$recipe" \
  --change 'WORKDIR /root' --change 'ENV LANG=C.UTF-8' "$tarball" "$image" >/dev/null
echo "built $image (recipe $recipe)"
