import { createContext, type ReactNode, useContext, useMemo, useRef, useState } from 'react';

/** What the transcript needs from the player: jump to a moment, and follow the playhead. */
interface PlaybackControls {
  /** The player's `<audio>` element registers itself here (a ref callback). */
  attach(element: HTMLAudioElement | null): void;
  /** Moves the playhead to `seconds` and plays from there. */
  seek(seconds: number): void;
  /** The player reports its position (on `timeupdate`, which a seek fires too). */
  report(seconds: number): void;
}

const Controls = createContext<PlaybackControls | null>(null);
const Time = createContext(0);

/**
 * Links the audio player and the timed transcript of one item. Only components that read the
 * playhead (`usePlayhead`) re-render while audio plays; the controls never change.
 */
export function PlaybackProvider({ children }: { children: ReactNode }) {
  const element = useRef<HTMLAudioElement | null>(null);
  const [time, setTime] = useState(0);
  const controls = useMemo<PlaybackControls>(
    () => ({
      attach: (el) => {
        element.current = el;
      },
      seek: (seconds) => {
        const el = element.current;
        if (!el) return;
        el.currentTime = seconds;
        setTime(seconds);
        // Playing may be refused (no output device, a browser policy); the jump still happened.
        el.play().catch(() => {});
      },
      report: setTime,
    }),
    [],
  );
  return (
    <Controls.Provider value={controls}>
      <Time.Provider value={time}>{children}</Time.Provider>
    </Controls.Provider>
  );
}

/** The player controls, or null outside a `PlaybackProvider`. */
export function usePlayback(): PlaybackControls | null {
  return useContext(Controls);
}

/** The playhead in seconds. */
export function usePlayhead(): number {
  return useContext(Time);
}
