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

/**
 * Infographic drawing with Takumi, from `npm run bench -- render` on a shared 2-core machine (Intel
 * Xeon, Node 24) at a load average of 13.5: one 1080x1080 image took 42.5 ms of processor time
 * (median of 20, drawn in the benchmark's own thread, PNG included), so five variations, one per
 * style, take 5 × 42.5 ms; the first image after start took 409.8 ms of processor time over all
 * threads (worker start, fonts, drawing). Processor time, not wall time: with 13 runnable processes
 * per core the same run's wall times (483 ms p50 for five variations, 600 ms for the first image)
 * measured the queue for the processor more than the engine. An earlier run at load 16 gave
 * 49.5 ms per image. Measure again when the renderer, its templates or its fonts change.
 */
export const RENDER_FIGURES = {
  /** Processor time of one 1080x1080 image, in milliseconds (median). */
  cpuMsPer1080: 42.5,
  /** Variations in one set as the generator dialog asks for them: one per layout style. */
  variations: 5,
  /** Processor time of the first image after start, all threads, in milliseconds. */
  firstImageCpuMs: 409.8,
} as const;
