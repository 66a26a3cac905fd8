import { Box, useComputedColorScheme } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const HEIGHT = 72;
/** With reduced motion the picture changes four times a second instead of every frame. */
const CALM_INTERVAL_MS = 250;

function fitCanvas(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
  const height = Math.round(HEIGHT * ratio);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  return canvas.getContext('2d');
}

function colors(canvas: HTMLCanvasElement): { line: string; muted: string } {
  const style = getComputedStyle(canvas);
  return {
    line: style.getPropertyValue('--mantine-primary-color-filled').trim() || '#7048e8',
    muted: style.getPropertyValue('--mantine-color-default-border').trim() || '#ced4da',
  };
}

function drawFlat(ctx: CanvasRenderingContext2D, color: string): void {
  const { width, height } = ctx.canvas;
  ctx.clearRect(0, 0, width, height);
  ctx.strokeStyle = color;
  ctx.lineWidth = Math.max(1, window.devicePixelRatio || 1);
  ctx.beginPath();
  ctx.moveTo(0, height / 2);
  ctx.lineTo(width, height / 2);
  ctx.stroke();
}

function drawWave(ctx: CanvasRenderingContext2D, data: Uint8Array, color: string): void {
  const { width, height } = ctx.canvas;
  ctx.clearRect(0, 0, width, height);
  ctx.strokeStyle = color;
  ctx.lineWidth = 2 * (window.devicePixelRatio || 1);
  ctx.lineJoin = 'round';
  ctx.beginPath();
  const step = width / Math.max(1, data.length - 1);
  data.forEach((v, i) => {
    const y = (v / 255) * height;
    if (i === 0) ctx.moveTo(0, y);
    else ctx.lineTo(i * step, y);
  });
  ctx.stroke();
}

/** A calm level meter: one bar whose length follows the loudness (RMS) of the last frame. */
function drawLevel(ctx: CanvasRenderingContext2D, data: Uint8Array, line: string, muted: string): void {
  const { width, height } = ctx.canvas;
  let sum = 0;
  for (const v of data) sum += ((v - 128) / 128) ** 2;
  const level = Math.min(1, Math.sqrt(sum / Math.max(1, data.length)) * 4);
  const barHeight = height / 4;
  const y = (height - barHeight) / 2;
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = muted;
  ctx.fillRect(0, y, width, barHeight);
  ctx.fillStyle = line;
  ctx.fillRect(0, y, width * level, barHeight);
}

/**
 * The live waveform of the microphone, drawn from an AnalyserNode. It rests as a flat line
 * while paused, and becomes a slowly updated level meter when the user prefers reduced motion.
 */
export function Waveform({ analyser, active }: { analyser: AnalyserNode | null; active: boolean }) {
  const { t } = useTranslation('audio');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const reduced = useReducedMotion();
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // The scheme changes the CSS variables the colours are read from.
    void scheme;
    const palette = colors(canvas);
    const ctx = fitCanvas(canvas);
    if (!ctx) return;
    if (!analyser || !active) {
      drawFlat(ctx, palette.muted);
      return;
    }
    const data = new Uint8Array(analyser.fftSize);
    const paint = () => {
      const c = fitCanvas(canvas);
      if (!c) return;
      analyser.getByteTimeDomainData(data);
      if (reduced) drawLevel(c, data, palette.line, palette.muted);
      else drawWave(c, data, palette.line);
    };
    if (reduced) {
      paint();
      const timer = window.setInterval(paint, CALM_INTERVAL_MS);
      return () => window.clearInterval(timer);
    }
    let frame = requestAnimationFrame(function loop() {
      paint();
      frame = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(frame);
  }, [analyser, active, reduced, scheme]);

  return (
    <Box
      component="canvas"
      ref={canvasRef}
      role="img"
      aria-label={active ? t('recorder.waveformLive') : t('recorder.waveformPaused')}
      h={HEIGHT}
      w="100%"
      style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
      bg="var(--mantine-color-default-hover)"
    />
  );
}
