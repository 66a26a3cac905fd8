/** The logging part of `@fugood/whisper.node`. */
interface NativeLog {
  addNativeLogListener(listener: (level: string, text: string) => void): { remove(): void };
  toggleNativeLog(enable: boolean): Promise<void>;
}

/** Listeners currently routed; the native channel is closed when the last one is removed. */
let users = 0;

/**
 * Sends whisper.cpp's log lines (trimmed) to `listener` instead of stderr. The channel keeps
 * Node's event loop alive, so `remove()` closes it again when no listener is left (whisper.cpp
 * then writes to stderr again).
 */
export async function routeNativeLog(
  whisper: NativeLog,
  listener: (level: string, text: string) => void,
): Promise<{ remove(): void }> {
  const registration = whisper.addNativeLogListener((level, text) => listener(level, text.trim()));
  users++;
  await whisper.toggleNativeLog(true);
  let removed = false;
  return {
    remove: () => {
      if (removed) return;
      removed = true;
      registration.remove();
      if (--users === 0) void whisper.toggleNativeLog(false);
    },
  };
}
