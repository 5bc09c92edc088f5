#!/usr/bin/env bash
# `npm run images -- desktop`: the desktop variant of the system image, localhost/suanli/desktop:bookworm — the base
# image (built first, scripts/build-images.sh) plus Debian's TigerVNC server, openbox, xterm, a small CJK font,
# websockify and noVNC's static client. Its command (compute/desktop/suanli-desktop-init.sh) starts the
# desktop and noVNC on port 6080, then the base image's init. The root filesystem is cached like the base image's,
# keyed by the base image's recipe and this one's.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-images.sh
base=localhost/suanli/base:bookworm
image=localhost/suanli/desktop:bookworm
packages=(tigervnc-standalone-server openbox xterm fonts-wqy-microhei python3-websockify)
cache=${IMAGE_CACHE_DIR:-${DATA_DIR:-$PWD/data}/images}
init=api-server/src/compute/desktop/suanli-desktop-init.sh
base_recipe=$(podman image inspect --format '{{index .Labels "suanli.recipe"}}' "$base")
recipe=$( (echo "$base_recipe ${packages[*]} novnc"; cat "$init") | sha256sum | cut -c1-16)

exec 9>"$cache/.desktop-lock"
flock 9
if [[ $(podman image inspect --format '{{index .Labels "suanli.recipe"}}' "$image" 2>/dev/null) == "$recipe" ]]; then
  echo "$image is up to date (recipe $recipe)"
  exit 0
fi
tarball=$cache/desktop-bookworm-$recipe.tar
if [[ ! -f $tarball ]]; then
  work=$(mktemp -d "$cache/build.XXXXXX")
  holder=suanli-desktop-build-$$
  trap 'rm -rf "$work"; podman rm -f "$holder" >/dev/null 2>&1 || true' EXIT
  echo "installing the desktop into a copy of $base into $work (a few minutes)"
  mkdir "$work/rootfs"
  podman create --name "$holder" "$base" >/dev/null
  podman export "$holder" | tar -C "$work/rootfs" -x
  cp /etc/resolv.conf "$work/rootfs/etc/resolv.conf"
  # No services start inside the build; noVNC is only its static client (the package's nodejs dependency serves
  # its command-line helpers), so its files are unpacked from the package rather than installed.
  printf '#!/bin/sh\nexit 101\n' >"$work/rootfs/usr/sbin/policy-rc.d"
  chmod 755 "$work/rootfs/usr/sbin/policy-rc.d"
  { chroot "$work/rootfs" apt-get update -qq &&
    chroot "$work/rootfs" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" &&
    chroot "$work/rootfs" sh -c 'cd /tmp && apt-get download novnc && dpkg-deb -x novnc_*.deb / && rm novnc_*.deb' &&
    chroot "$work/rootfs" apt-get clean; } >"$work/build.log" 2>&1 </dev/null || { tail -20 "$work/build.log" >&2; exit 1; }
  rm -f "$work/rootfs/usr/sbin/policy-rc.d"
  rm -rf "$work/rootfs/var/lib/apt/lists/"* "$work/rootfs/usr/share/doc/"*
  : >"$work/rootfs/etc/resolv.conf"
  install -m 0755 "$init" "$work/rootfs/usr/local/sbin/suanli-desktop-init"
  tar -C "$work/rootfs" -cf "$tarball.part" .
  mv "$tarball.part" "$tarball"
fi
podman import --change 'CMD ["/usr/local/sbin/suanli-desktop-init"]' --change "LABEL suanli.recipe=$recipe" \
  --change 'WORKDIR /root' --change 'ENV LANG=C.UTF-8' "$tarball" "$image" >/dev/null
echo "built $image (recipe $recipe)"
