// Where views come from. Both transports have one interface:
//   transport.start(onView, onStatus) → {stop()}
// `onView(view)` gets each PlayersView (docs/players-view.md) as it arrives, or null while no
// encounter is shown; `onStatus(status)` gets "connecting", "live", "reconnecting" or "stopped"
// (the GM stopped sharing: nothing more will come, and nothing is tried again).
import { backoffDelay } from './model.js';

const CLOSED = 2; // EventSource.CLOSED, which Node has no constant for

/**
 * The shared page (`/p/TOKEN/`): `./state` first, then `./events` (server-sent `view` and
 * `stopped`). A stream the browser gives up on, or a state that cannot be read, is tried again
 * after 1 s, 2 s, 4 s… (at most 30 s); a reconnected stream reads `./state` again, so nothing
 * said while away is missed. 404 or 410 means the share is gone: stopped.
 */
export function httpTransport({
  base,
  fetchImpl = globalThis.fetch?.bind(globalThis),
  EventSourceImpl = globalThis.EventSource,
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (id) => clearTimeout(id),
} = {}) {
  const url = (name) => (base ? new URL(name, base).href : `./${name}`);
  return {
    start(onView, onStatus) {
      let source = null;
      let timer = null;
      let attempt = 0;
      let done = false;
      let pushed = 0; // views the stream delivered: a state read older than one is dropped
      let lost = false;

      const status = (s) => { if (!done) onStatus(s); };
      const deliver = (view) => { if (!done) onView(view ?? null); };

      const retry = () => {
        if (done || timer !== null) return;
        status('reconnecting');
        timer = setTimer(() => { timer = null; connect(); }, backoffDelay(attempt++));
      };

      const finish = () => {
        if (done) return;
        onStatus('stopped');
        done = true;
        source?.close();
        source = null;
        if (timer !== null) clearTimer(timer);
        timer = null;
      };

      const readState = async () => {
        const seen = pushed;
        let response;
        try {
          response = await fetchImpl(url('state'), { cache: 'no-store', headers: { accept: 'application/json' } });
        } catch {
          return 'retry';
        }
        if (response.status === 404 || response.status === 410) return 'gone';
        if (!response.ok) return 'retry';
        let view;
        try {
          const text = await response.text();
          view = text.trim() ? JSON.parse(text) : null;
        } catch {
          return 'retry';
        }
        if (pushed === seen) deliver(view);
        return 'ok';
      };

      const openEvents = () => {
        const es = new EventSourceImpl(url('events'));
        source = es;
        es.addEventListener('open', () => {
          if (source !== es) return;
          attempt = 0;
          status('live');
          if (lost) {
            lost = false;
            readState().then((r) => { if (r === 'gone') finish(); });
          }
        });
        es.addEventListener('view', (event) => {
          if (source !== es) return;
          let view;
          try { view = JSON.parse(event.data); } catch { return; }
          pushed++;
          deliver(view);
        });
        es.addEventListener('stopped', () => { if (source === es) finish(); });
        es.addEventListener('error', () => {
          if (source !== es || done) return;
          if (es.readyState === CLOSED) {
            es.close();
            source = null;
            retry();
          } else {
            // The browser is reconnecting by itself; read the state again once it is back.
            lost = true;
            status('reconnecting');
          }
        });
      };

      const connect = async () => {
        if (done) return;
        status(attempt === 0 ? 'connecting' : 'reconnecting');
        const read = await readState();
        if (done) return;
        if (read === 'gone') return finish();
        if (read === 'retry') return retry();
        openEvents();
      };

      connect();
      return {
        stop() {
          done = true;
          source?.close();
          source = null;
          if (timer !== null) clearTimer(timer);
          timer = null;
        },
      };
    },
  };
}

/**
 * The app's players' window: `players_view` answers the view (null: no encounter shown) and
 * the `players-view` event pushes each new one. The listener is set up before the first read,
 * so a view pushed meanwhile is not lost (and wins over the older answer).
 */
export function tauriTransport(tauri, {
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (id) => clearTimeout(id),
} = {}) {
  return {
    start(onView, onStatus) {
      let done = false;
      let unlisten = null;
      let timer = null;
      let attempt = 0;
      let pushed = 0;

      const begin = async () => {
        timer = null;
        if (done) return;
        try {
          if (!unlisten) {
            const off = await tauri.event.listen('players-view', (event) => {
              if (done) return;
              pushed++;
              onView(event.payload ?? null);
            });
            if (done) { off(); return; }
            unlisten = off;
          }
          const seen = pushed;
          const view = await tauri.core.invoke('players_view');
          if (done) return;
          if (pushed === seen) onView(view ?? null);
          attempt = 0;
          onStatus('live');
        } catch {
          if (done) return;
          onStatus('reconnecting');
          timer = setTimer(begin, backoffDelay(attempt++));
        }
      };

      onStatus('connecting');
      begin();
      return {
        stop() {
          done = true;
          if (timer !== null) clearTimer(timer);
          timer = null;
          unlisten?.();
          unlisten = null;
        },
      };
    },
  };
}

/** The app's window has `window.__TAURI__` (withGlobalTauri); a browser reached over HTTP has not. */
export function pickTransport(win = globalThis) {
  if (win.__TAURI__?.core && win.__TAURI__?.event) return tauriTransport(win.__TAURI__);
  return httpTransport({ base: win.location?.href });
}
