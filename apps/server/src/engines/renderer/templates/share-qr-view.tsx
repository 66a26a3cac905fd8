/** @jsxRuntime automatic @jsxImportSource react */
import type { Composition, QrMark } from './composition.ts';
import { sides } from './direction.ts';
import { QR_QUIET_MODULES } from './share-qr.ts';
import { Text } from './text.tsx';

/** Near-black on white, whatever the style: the contrast a phone's camera reads best. */
const DARK = '#111111';
const LIGHT = '#ffffff';

/**
 * The QR code to the item's share page, in the bottom corner at the end of the writing direction:
 * the dark modules are rectangles (vector, no bitmap), on a white plate that holds the
 * quiet zone, with the link's host beneath.
 */
export function ShareQr({ c, qr, fallbacks }: { c: Composition; qr: QrMark; fallbacks: string }) {
  const { metrics: m, theme } = c;
  const end = sides(c).rtl ? 'left' : 'right';
  const inset = QR_QUIET_MODULES * qr.cell;
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        position: 'absolute',
        [end]: m.padX,
        bottom: m.padY,
        width: qr.width,
        height: qr.height,
      }}
    >
      <div
        style={{
          display: 'flex',
          position: 'relative',
          width: qr.size,
          height: qr.size,
          flexShrink: 0,
          background: LIGHT,
          borderRadius: Math.round(qr.cell * 1.5),
        }}
      >
        {qr.modules.runs.map((r) => (
          <div
            key={`${r.y}-${r.x}`}
            style={{
              display: 'flex',
              position: 'absolute',
              left: inset + r.x * qr.cell,
              top: inset + r.y * qr.cell,
              width: r.length * qr.cell,
              height: r.rows * qr.cell,
              background: DARK,
            }}
          />
        ))}
      </div>
      <div style={{ display: 'flex', height: qr.height - qr.size - qr.caption.height, flexShrink: 0 }} />
      <Text f={qr.caption} color={theme.muted} fallbacks={fallbacks} align="center" />
    </div>
  );
}
