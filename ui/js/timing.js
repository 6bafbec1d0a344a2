// Timing helpers for "update as you type": debounce, and last-request-wins.

/** Calls `fn` once input has been quiet for `ms`; `.cancel()` drops a pending call. */
export function debounce(fn, ms, timers = globalThis) {
  let handle = null;
  const debounced = (...args) => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = timers.setTimeout(() => {
      handle = null;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  return debounced;
}

/**
 * Wraps an async `fn` so only the answer to the latest call counts: older answers resolve
 * to `{superseded: true}` (a slow reply must never overwrite a newer one), the latest to
 * `{value}` or `{error}`. `.invalidate()` supersedes every call still under way (the input
 * they were for is gone, e.g. the form now has an error).
 */
export function latestOnly(fn) {
  let latest = 0;
  const wrapped = async (...args) => {
    const ticket = ++latest;
    try {
      const value = await fn(...args);
      return ticket === latest ? { value } : { superseded: true };
    } catch (error) {
      return ticket === latest ? { error } : { superseded: true };
    }
  };
  wrapped.invalidate = () => {
    latest += 1;
  };
  return wrapped;
}
