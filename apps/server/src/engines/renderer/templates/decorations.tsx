/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import type { Composition } from './compose.ts';

/** What a style draws behind the content: frames, rules and shapes. */
export function decorations(c: Composition): ReactNode {
  const { theme, metrics: m } = c;
  const u = m.u;
  const W = m.width;
  const H = m.height;
  switch (theme.decoration) {
    case 'double-frame': {
      const inset = Math.round(Math.min(m.padX, m.padY) * 0.42);
      const line = Math.max(1, Math.round(2 * u));
      return (
        <>
          <div
            style={{
              display: 'flex',
              position: 'absolute',
              left: inset,
              top: inset,
              width: W - 2 * inset,
              height: H - 2 * inset,
              border: `${line * 2}px solid ${theme.primary}`,
            }}
          />
          <div
            style={{
              display: 'flex',
              position: 'absolute',
              left: inset + line * 5,
              top: inset + line * 5,
              width: W - 2 * inset - line * 10,
              height: H - 2 * inset - line * 10,
              border: `${line}px solid ${theme.rule}`,
            }}
          />
        </>
      );
    }
    case 'corner-frame': {
      const inset = Math.round(Math.min(m.padX, m.padY) * 0.4);
      const line = Math.max(1, Math.round(1.5 * u));
      const corner = Math.round(44 * u);
      const cornerStyle = (left: boolean, top: boolean) => ({
        display: 'flex',
        position: 'absolute' as const,
        width: corner,
        height: corner,
        left: left ? inset - line * 3 : W - inset - corner + line * 3,
        top: top ? inset - line * 3 : H - inset - corner + line * 3,
        borderTop: top ? `${line * 3}px solid ${theme.primary}` : undefined,
        borderBottom: top ? undefined : `${line * 3}px solid ${theme.primary}`,
        borderLeft: left ? `${line * 3}px solid ${theme.primary}` : undefined,
        borderRight: left ? undefined : `${line * 3}px solid ${theme.primary}`,
      });
      return (
        <>
          <div
            style={{
              display: 'flex',
              position: 'absolute',
              left: inset,
              top: inset,
              width: W - 2 * inset,
              height: H - 2 * inset,
              border: `${line}px solid ${theme.rule}`,
            }}
          />
          <div style={cornerStyle(true, true)} />
          <div style={cornerStyle(false, true)} />
          <div style={cornerStyle(true, false)} />
          <div style={cornerStyle(false, false)} />
        </>
      );
    }
    case 'bubbles': {
      const r1 = Math.round(Math.min(W, H) * 0.55);
      const r2 = Math.round(Math.min(W, H) * 0.35);
      return (
        <>
          <div
            style={{
              display: 'flex',
              position: 'absolute',
              width: r1,
              height: r1,
              left: -Math.round(r1 * 0.35),
              bottom: -Math.round(r1 * 0.4),
              borderRadius: 9999,
              background: 'rgba(250, 204, 21, 0.22)',
            }}
          />
          <div
            style={{
              display: 'flex',
              position: 'absolute',
              width: r2,
              height: r2,
              right: -Math.round(r2 * 0.3),
              top: Math.round(H * 0.42),
              borderRadius: 9999,
              background: 'rgba(255, 255, 255, 0.12)',
            }}
          />
        </>
      );
    }
    case 'top-bar': {
      const bar = Math.round(14 * u);
      return (
        <div
          style={{
            display: 'flex',
            position: 'absolute',
            left: 0,
            top: 0,
            width: W,
            height: bar,
            background: `linear-gradient(90deg, ${theme.primary}, ${theme.accent})`,
          }}
        />
      );
    }
    case 'none':
      return null;
  }
}
