#!/usr/bin/env bash
# Example deployment: two API processes (each with its web host) on one PostgreSQL, with
# nginx in front. Needs DATABASE_URL; STORAGE_URL (S3) so that both processes share photos.
#
#   DATABASE_URL=postgres://user:pass@db:5432/kabadi STORAGE_URL='s3://photos?region=ap-south-1' deploy/start.sh
#
# Public ports: PUBLIC_API_PORT (default 3000) and PUBLIC_WEB_PORT (default 8080) on this
# machine; the processes listen on 127.0.0.1 only. Ctrl-C (or SIGTERM) stops everything.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:$PATH"

: "${DATABASE_URL:?set DATABASE_URL: every API process must use the same PostgreSQL}"
if [ -z "${STORAGE_URL:-}" ]; then
  echo "warning: STORAGE_URL is unset: each process keeps photos in its own DATA_DIR, and the other cannot serve them" >&2
fi
PUBLIC_API_PORT=${PUBLIC_API_PORT:-3000}
PUBLIC_WEB_PORT=${PUBLIC_WEB_PORT:-8080}
API_PORT_1=${API_PORT_1:-3001}
API_PORT_2=${API_PORT_2:-3002}
WEB_PORT_1=${WEB_PORT_1:-8081}
WEB_PORT_2=${WEB_PORT_2:-8082}
PUBLIC_HOST=${PUBLIC_HOST:-localhost}
RUN_DIR=${RUN_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/kabadi-deploy-XXXXXX")}
NGINX=${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}
mkdir -p "$RUN_DIR"
# Started as root, nginx's workers run as an unprivileged user and keep request bodies over
# 16 KB (photos, CSV imports) in $RUN_DIR/client_body: they must be able to enter it.
chmod 755 "$RUN_DIR"

# What the browser uses: the public addresses nginx answers on.
export API_BASE_URL=${API_BASE_URL:-http://$PUBLIC_HOST:$PUBLIC_API_PORT}
export WEB_ORIGIN=${WEB_ORIGIN:-http://$PUBLIC_HOST:$PUBLIC_WEB_PORT}
export HOST=127.0.0.1 TRUST_PROXY=true

# Build once, before the processes start: two starts would both build into one directory.
export WEB_DIST_DIR=${WEB_DIST_DIR:-$ROOT/apps/web/dist}
if [ "${SKIP_WEB_BUILD:-}" != 1 ]; then
  (cd apps/web && vite build --logLevel warn --outDir "$WEB_DIST_DIR" --emptyOutDir)
fi

sed -e "s#{{RUN_DIR}}#$RUN_DIR#g" \
  -e "s#{{API_PORT_1}}#$API_PORT_1#g" -e "s#{{API_PORT_2}}#$API_PORT_2#g" \
  -e "s#{{WEB_PORT_1}}#$WEB_PORT_1#g" -e "s#{{WEB_PORT_2}}#$WEB_PORT_2#g" \
  -e "s#{{PUBLIC_API_PORT}}#$PUBLIC_API_PORT#g" -e "s#{{PUBLIC_WEB_PORT}}#$PUBLIC_WEB_PORT#g" \
  deploy/nginx.conf.template > "$RUN_DIR/nginx.conf"

pids=()
stop() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT INT TERM

# Started at the same moment on purpose: the start-up lock lets one migrate and seed while the other waits.
API_PORT=$API_PORT_1 WEB_PORT=$WEB_PORT_1 DATA_DIR="$RUN_DIR/data-1" node scripts/start.mjs &
pids+=($!)
API_PORT=$API_PORT_2 WEB_PORT=$WEB_PORT_2 DATA_DIR="$RUN_DIR/data-2" node scripts/start.mjs &
pids+=($!)
"$NGINX" -e "$RUN_DIR/error.log" -c "$RUN_DIR/nginx.conf" -p "$RUN_DIR" &
pids+=($!)
echo "nginx: API on http://$PUBLIC_HOST:$PUBLIC_API_PORT, web app on http://$PUBLIC_HOST:$PUBLIC_WEB_PORT (run dir $RUN_DIR)"

# Stop everything when any one of them stops.
wait -n
