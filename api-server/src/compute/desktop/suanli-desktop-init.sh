#!/bin/sh
# The desktop image's command (under podman --init): a TigerVNC desktop on display :1 (openbox and a terminal; a
# right click on the desktop opens openbox's menu), its VNC port 5901 open to this container alone, and websockify
# serving noVNC's page and the WebSocket to it on port 6080, which the portal opens on the instance-pages origin; then
# the system image's own init. Each part is started again when it ends (leaving openbox gives a fresh session).
export DISPLAY=:1 HOME=/root
keep() { (while :; do "$@"; sleep 1; done) >>"/var/log/desktop.log" 2>&1 & }
# The lock of a display that ended (a stopped container keeps /tmp) would keep the server from starting.
display() {
  rm -f /tmp/.X1-lock /tmp/.X11-unix/X1
  Xtigervnc :1 -localhost -rfbport 5901 -SecurityTypes None -geometry 1280x800 -depth 24 -nolisten tcp -desktop 算力云桌面
}
keep display
i=0
while [ ! -S /tmp/.X11-unix/X1 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
keep openbox
keep xterm -fa 'WenQuanYi Micro Hei Mono' -fs 11 -geometry 100x30+40+40
keep python3 -m websockify --web /usr/share/novnc 6080 localhost:5901
exec /usr/local/sbin/suanli-init
