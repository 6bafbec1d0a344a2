// The one module that talks to the Rust side (Tauri's global `invoke`; no bundler here).

/** An error from a command, as the engine sent it: a stable `code` and a plain `message`. */
export class CommandError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'CommandError';
    this.code = code;
  }
}

/** Whatever a rejected invoke gives (an `{code, message}` object, a string, an Error) as a CommandError. */
export function toCommandError(error) {
  if (error instanceof CommandError) return error;
  if (error && typeof error === 'object' && typeof error.message === 'string') {
    return new CommandError(typeof error.code === 'string' ? error.code : 'error', error.message);
  }
  return new CommandError('error', String(error));
}

function tauriInvoke() {
  const invoke = globalThis.__TAURI__?.core?.invoke;
  if (typeof invoke !== 'function') {
    throw new CommandError('no_engine', 'The dice engine is not available: open this page in the Rollbook app.');
  }
  return invoke;
}

async function call(command, args) {
  try {
    return await tauriInvoke()(command, args);
  } catch (error) {
    throw toCommandError(error);
  }
}

/** The systems, roll kinds and their fields. */
export const catalog = () => call('catalog');

/** Exact odds of one request object. */
export const odds = (request) => call('odds', { request });

/** Rolls one request; `seed` (a safe integer) or null for fresh dice. */
export const roll = (request, seed) => call('roll', { request, seed: seed ?? null });
