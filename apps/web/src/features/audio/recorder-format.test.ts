import { LIMITS } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import {
  autoStopReason,
  fileFigures,
  formatElapsed,
  formatMegabytes,
  pauseStopwatch,
  recordingTimeLimitS,
  resumeStopwatch,
  startStopwatch,
  stopwatchElapsed,
} from './recorder-format.ts';

describe('formatElapsed', () => {
  it('shows mm:ss, rounding down to whole seconds', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(999)).toBe('00:00');
    expect(formatElapsed(5_000)).toBe('00:05');
    expect(formatElapsed(65_400)).toBe('01:05');
    expect(formatElapsed(300_000)).toBe('05:00');
    expect(formatElapsed(-20)).toBe('00:00');
  });
});

describe('fileFigures', () => {
  it('shows duration and size the same way everywhere, with a dash for what is unknown', () => {
    expect(fileFigures(15.8, 495_000)).toBe('00:15 · 0.47 MB');
    expect(fileFigures(null, null)).toBe('— · —');
  });
});

describe('formatMegabytes', () => {
  it('shows two decimals', () => {
    expect(formatMegabytes(0)).toBe('0.00 MB');
    expect(formatMegabytes(16_000)).toBe('0.02 MB');
    expect(formatMegabytes(1_310_720)).toBe('1.25 MB');
    expect(formatMegabytes(LIMITS.maxRecordingBytes)).toBe('50.00 MB');
  });
});

describe('autoStopReason', () => {
  it('stops at 300 s or 50 MB', () => {
    expect(autoStopReason(299_999, 1000)).toBeNull();
    expect(autoStopReason(300_000, 1000)).toBe('time');
    expect(autoStopReason(1000, 50 * 1024 * 1024 - 1)).toBeNull();
    expect(autoStopReason(1000, 50 * 1024 * 1024)).toBe('size');
  });

  it('stops a second short of a server limit below 300 s (MAX_AUDIO_MINUTES), and at 300 s otherwise', () => {
    expect(recordingTimeLimitS(null)).toBe(300);
    expect(recordingTimeLimitS(180 * 60)).toBe(300);
    expect(recordingTimeLimitS(301)).toBe(300);
    expect(recordingTimeLimitS(5 * 60)).toBe(299);
    expect(recordingTimeLimitS(2 * 60)).toBe(119);
    const limit = recordingTimeLimitS(60);
    expect(autoStopReason(58_999, 1000, limit)).toBeNull();
    expect(autoStopReason(59_000, 1000, limit)).toBe('time');
  });
});

describe('stopwatch', () => {
  it('does not count paused time', () => {
    let sw = startStopwatch(1000);
    expect(stopwatchElapsed(sw, 3000)).toBe(2000);
    sw = pauseStopwatch(sw, 3000);
    expect(stopwatchElapsed(sw, 10_000)).toBe(2000);
    sw = pauseStopwatch(sw, 5000); // pausing twice keeps the first pause
    sw = resumeStopwatch(sw, 10_000);
    expect(stopwatchElapsed(sw, 11_500)).toBe(3500);
    sw = resumeStopwatch(sw, 12_000); // resuming while running changes nothing
    expect(stopwatchElapsed(sw, 12_000)).toBe(4000);
  });
});
