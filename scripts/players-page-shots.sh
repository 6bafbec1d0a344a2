#!/usr/bin/env bash
# Screenshots of the players' page (ui/players/, docs/players-view.md) as a browser sees it over
# HTTP: a throwaway server on 127.0.0.1 serves the page's files at /p/TOKEN/ with the share's
# CSP, a sample view (tests/unit/fixtures/players/) as ./state and one `event: view` on ./events,
# and headless Chromium takes the pictures.
#
#   scripts/players-page-shots.sh                 docs/players-tv.png, -phone.png, -phone-dark.png
#   scripts/players-page-shots.sh --all DIR       every sample, TV and phone, light and dark, in DIR
#   scripts/players-page-shots.sh --one FIXTURE W H light|dark OUT.png [reconnect|stopped|null]
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
chromium="${CHROMIUM:-/usr/bin/chromium}"
fixtures="$root/tests/unit/fixtures/players"
token="sample-token"

for _ in $(seq 1 120); do [ -x "$chromium" ] && break; sleep 5; done
[ -x "$chromium" ] || { echo "no Chromium at $chromium" >&2; exit 1; }

work="$(mktemp -d)"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The page's files only: the share serves nothing else (no subfolders).
mkdir -p "$work/page"
cp "$root"/ui/players/*.html "$root"/ui/players/*.css "$root"/ui/players/*.js "$work/page/"

cat >"$work/serve.py" <<'PY'
import http.server, json, os, sys, time
page, token, port_file = sys.argv[1], sys.argv[2], sys.argv[3]
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'")
TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8"}

def scene():
    with open(os.path.join(page, "..", "scene.json")) as f:
        return json.load(f)

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args):
        pass
    def send(self, status, ctype, body):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)
    def do_GET(self):
        s = scene()
        prefix = f"/p/{token}/"
        if not self.path.startswith(prefix):
            return self.send(404, "text/plain", b"not found")
        name = self.path[len(prefix):].split("?")[0] or "index.html"
        if name == "state":
            return self.send(200, "application/json", s["state"].encode())
        if name == "events":
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Connection", "close")
            self.end_headers()
            for event in s["events"]:
                self.wfile.write(f"event: {event['event']}\ndata: {event['data']}\n\n".encode())
                self.wfile.flush()
            if s["mode"] == "live":
                time.sleep(30)  # held open: the page stays live for the picture
            self.close_connection = True
            return
        path = os.path.join(page, name)
        ext = os.path.splitext(name)[1]
        if "/" in name or ext not in TYPES or not os.path.isfile(path):
            return self.send(404, "text/plain", b"not found")
        with open(path, "rb") as f:
            self.send(200, TYPES[ext], f.read())

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
with open(port_file, "w") as f:
    f.write(str(server.server_address[1]))
server.serve_forever()
PY

python3 "$work/serve.py" "$work/page" "$token" "$work/port" &
server_pid=$!
for _ in $(seq 1 50); do [ -s "$work/port" ] && break; sleep 0.1; done
url="http://127.0.0.1:$(cat "$work/port")/p/$token/"

# scene FIXTURE MODE: what ./state and ./events answer. live: the view again on the stream, held
# open; reconnect: the stream fails (the page shows the state, then "Reconnecting…"); stopped:
# `event: stopped`; null: no encounter shown.
scene() {
  python3 - "$fixtures/$1" "$2" "$work/scene.json" <<'PY'
import json, sys
fixture, mode, out = sys.argv[1], sys.argv[2], sys.argv[3]
view = json.dumps(json.load(open(fixture)), ensure_ascii=False)
state = "null" if mode == "null" else view
events = {"live": [{"event": "view", "data": view}], "reconnect": [],
          "stopped": [{"event": "stopped", "data": ""}], "null": []}[mode]
json.dump({"state": state, "events": events, "mode": "live" if mode in ("live", "null") else mode},
          open(out, "w"), ensure_ascii=False)
PY
}

# Chromium is driven over the DevTools protocol (Node's WebSocket) rather than with
# --screenshot, which shoots at the load event, before ./state has answered, and never ends
# with --virtual-time-budget while ./events is held open. The driver waits for the page to
# settle, prints any console error or CSP refusal, and says when the TV layout would scroll.
cat >"$work/shoot.mjs" <<'JS'
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
const [chromium, profile, url, w, h, scheme, out, expect] = process.argv.slice(2);
const width = Number(w), height = Number(h);
const browser = spawn(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
  '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--hide-scrollbars', `--user-data-dir=${profile}`, `--window-size=${width},${height}`,
  '--remote-debugging-port=0', 'about:blank'], { stdio: 'ignore' });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fail = (why) => { console.error(why); browser.kill(); process.exit(1); };
try {
  let port = null;
  for (let i = 0; i < 200 && !port; i++) {
    await sleep(50);
    const file = `${profile}/DevToolsActivePort`;
    if (existsSync(file)) port = readFileSync(file, 'utf8').split('\n')[0];
  }
  if (!port) fail('Chromium did not open its DevTools port');
  const page = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()).find((t) => t.type === 'page');
  const ws = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((r, j) => { ws.onopen = r; ws.onerror = j; });
  let id = 0;
  const waiting = new Map();
  const problems = [];
  ws.onmessage = ({ data }) => {
    const msg = JSON.parse(data);
    if (msg.id) { waiting.get(msg.id)?.(msg); waiting.delete(msg.id); return; }
    if (msg.method === 'Runtime.exceptionThrown') problems.push(msg.params.exceptionDetails.exception?.description ?? msg.params.exceptionDetails.text);
    if (msg.method === 'Runtime.consoleAPICalled' && msg.params.type === 'error') problems.push(msg.params.args.map((a) => a.value ?? a.description).join(' '));
    if (msg.method === 'Log.entryAdded' && msg.params.entry.level === 'error' && !/events|EventSource/.test(msg.params.entry.text)) problems.push(msg.params.entry.text);
  };
  const send = (method, params = {}) => new Promise((r) => { const n = ++id; waiting.set(n, r); ws.send(JSON.stringify({ id: n, method, params })); });
  const evaluate = async (expression) => (await send('Runtime.evaluate', { expression, returnByValue: true })).result?.result?.value;
  await send('Runtime.enable');
  await send('Log.enable');
  await send('Page.enable');
  await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: width < 600 });
  await send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: scheme }] });
  await send('Page.navigate', { url });
  const ready = `(() => { const a = document.getElementById('app'); return !!a && a.dataset.view !== 'loading' && a.dataset.status === ${JSON.stringify(expect)}; })()`;
  let settled = false;
  for (let i = 0; i < 100 && !settled; i++) { await sleep(100); settled = await evaluate(ready); }
  if (!settled) problems.push(`the page did not reach status "${expect}": ${await evaluate("document.getElementById('app')?.dataset.status")}`);
  await sleep(400);
  const layout = await evaluate(`(() => {
    const out = [];
    const doc = document.documentElement;
    if (innerWidth >= 900 && doc.scrollHeight > innerHeight + 1) out.push('the page scrolls: ' + doc.scrollHeight + ' > ' + innerHeight);
    for (const el of document.querySelectorAll('.order, .rolls, .extras, .panel')) {
      if (innerWidth >= 900 && el.scrollHeight > el.clientHeight + 1) out.push('does not fit: ' + el.className + ' ' + el.scrollHeight + ' > ' + el.clientHeight);
    }
    for (const el of document.querySelectorAll('.row-name, .roll-who, .roll-what, .now-name')) {
      if (el.scrollWidth > el.clientWidth + 1) out.push('cut short: ' + el.className + ' "' + el.textContent + '"');
    }
    return out;
  })()`);
  problems.push(...layout);
  const shot = await send('Page.captureScreenshot', { format: 'png' });
  writeFileSync(out, Buffer.from(shot.result.data, 'base64'));
  for (const p of problems) console.error(`  ${out}: ${p}`);
  ws.close();
} finally {
  browser.kill();
}
JS

shot() { # shot FIXTURE W H light|dark OUT [mode]
  local mode="${6:-live}" expect=live
  case "$mode" in reconnect) expect=reconnecting ;; stopped) expect=stopped ;; esac
  scene "$1" "$mode"
  local profile
  profile="$(mktemp -d -p "$work")"
  node --experimental-websocket --no-warnings "$work/shoot.mjs" "$chromium" "$profile" "$url" "$2" "$3" "$4" "$5" "$expect"
  # docs/ keeps each picture under 250 KB: 256 colours when the full ones would not fit.
  if [ -x /usr/bin/convert ]; then
    /usr/bin/convert "$5" -strip "$5"
    if [ "$(stat -c %s "$5")" -gt 240000 ]; then /usr/bin/convert "$5" -strip -colors 256 "$5"; fi
  fi
  echo "$5 ($(du -k "$5" | cut -f1) KB)"
}

case "${1:-}" in
  --all)
    out="${2:?--all DIR}"
    mkdir -p "$out"
    for f in "$fixtures"/*.json; do
      name="$(basename "$f" .json)"
      shot "$name.json" 1920 1080 light "$out/$name-tv.png"
      shot "$name.json" 1920 1080 dark "$out/$name-tv-dark.png"
      shot "$name.json" 390 844 light "$out/$name-phone.png"
      shot "$name.json" 390 844 dark "$out/$name-phone-dark.png"
    done
    shot universe-chase.json 1280 720 light "$out/states-tv-720.png"
    shot universe-chase.json 390 844 light "$out/states-reconnect.png" reconnect
    shot universe-chase.json 390 844 light "$out/states-stopped.png" stopped
    shot universe-chase.json 1920 1080 light "$out/states-null.png" null
    ;;
  --one)
    shift
    shot "$@"
    ;;
  "")
    shot universe-chase.json 1920 1080 light "$root/docs/players-tv.png"
    shot universe-chase.json 390 844 light "$root/docs/players-phone.png"
    shot universe-chase.json 390 844 dark "$root/docs/players-phone-dark.png"
    ;;
  *)
    sed -n '2,11p' "$0" >&2
    exit 2
    ;;
esac
