/**
 * Figures the pages quote, measured on a real machine (never estimated). PocketSphinx 0.8 (Debian
 * 12) on the 298.5 s recording of `npm run bench -- speech` (flite kal16 speech, 8 % word error
 * rate), one process over the whole file on an AMD EPYC server core: 87.9 s of processor time
 * (`/usr/bin/time`: 87.2 s user, 0.7 s system). Processor time, not wall time, because the machine
 * was shared (load average 14–27 on 2 cores): its wall times (the benchmark's 742 s with two pieces
 * at once) measured the other work, not the engine. Measure again when an engine or its version
 * changes.
 */
export const SPEECH_FIGURES = {
  engine: 'PocketSphinx',
  /** Length of the benchmark's recording, in seconds. */
  audioSeconds: 298.5,
  /** Processor time one core spent on it, in seconds. */
  cpuSeconds: 87.9,
} as const;
