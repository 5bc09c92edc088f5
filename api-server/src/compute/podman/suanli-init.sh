#!/bin/sh
# The system image's command (under podman --init): starts Jupyter Notebook on port 8888 at the portal's
# per-instance path when the driver passed a token and the image has it, then keeps the container running.
if [ -n "${SUANLI_JUPYTER_TOKEN:-}" ] && python3 -c 'import notebook' 2>/dev/null; then
  python3 -m notebook --ip=0.0.0.0 --port=8888 --allow-root --no-browser --notebook-dir=/root \
    --NotebookApp.token="$SUANLI_JUPYTER_TOKEN" --NotebookApp.base_url="${SUANLI_JUPYTER_BASE_URL:-/}" \
    >/var/log/jupyter.log 2>&1 &
fi
exec sleep infinity
