#!/bin/sh
# The system image's command (under podman --init): runs the application's start command as a supervised service,
# then keeps the container running. Jupyter Notebook is not started here but on the instance's first open
# (compute/instance-pages/jupyter-start.ts).
app_log=/var/log/suanli-app.log
app_record=/run/suanli-app/record

# The application's service (SUANLI_APP_COMMAND, run by sh in /root, in a session of its own): started again after it
# exits, waiting 1, 2, 4 … 60 s, back to 1 s after a run of a minute or more. Its output goes to $app_log (kept to
# 5 MB, the older part in $app_log.1); $app_record says what the portal reads: the state, the service's process group,
# how many times it exited, how many of those in a row came within a minute of its start, and the last exit code.
supervise_app() {
  restarts=0 quick=0 delay=1 code=
  mkdir -p "${app_record%/*}"
  while :; do
    if [ "$(stat -c %s "$app_log" 2>/dev/null || echo 0)" -gt 5242880 ]; then mv -f "$app_log" "$app_log.1"; fi
    echo "[suanli] $(date '+%F %T') 启动服务：$SUANLI_APP_COMMAND" >>"$app_log"
    started=$(date +%s)
    (cd /root && exec setsid sh -c "$SUANLI_APP_COMMAND") >>"$app_log" 2>&1 </dev/null &
    pid=$!
    app_state running
    wait "$pid"
    code=$?
    /bin/kill -KILL -- "-$pid" 2>/dev/null
    restarts=$((restarts + 1))
    if [ $(($(date +%s) - started)) -ge 60 ]; then quick=0 delay=1; fi
    quick=$((quick + 1))
    echo "[suanli] $(date '+%F %T') 服务退出（退出码 $code），$delay 秒后重启" >>"$app_log"
    app_state waiting
    sleep "$delay"
    delay=$((delay * 2))
    if [ "$delay" -gt 60 ]; then delay=60; fi
  done
}

app_state() {
  printf 'state=%s\npid=%s\nrestarts=%s\nquick_exits=%s\nlast_exit=%s\n' "$1" "$pid" "$restarts" "$quick" "$code" >"$app_record.new"
  mv -f "$app_record.new" "$app_record"
}

rm -f "$app_record"
if [ -n "${SUANLI_APP_COMMAND:-}" ]; then supervise_app & fi
exec sleep infinity
