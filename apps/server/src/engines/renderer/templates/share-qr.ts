import qrcode from 'qrcode-generator';

/** Light modules around the code, as the QR standard asks, so a camera finds its edges. */
export const QR_QUIET_MODULES = 4;

/** Dark modules drawn as one rectangle, in module units. */
export interface QrRun {
  x: number;
  y: number;
  length: number;
  /** Rows of the same run stacked below one another (a finder pattern's sides, for instance). */
  rows: number;
}

/**
 * A QR code's dark modules as rectangles (runs along a row, merged with the same run in the rows
 * below), with its side in modules (without the quiet zone).
 */
export interface QrModules {
  count: number;
  runs: QrRun[];
}

/**
 * The modules of a QR code for `url`, at error correction M (readable with 15 % of it smudged or
 * covered). The URL is normalised first (`new URL().href`): an international host becomes
 * punycode and the path percent-encoded, so every character is one byte.
 */
export function qrModules(url: string): QrModules {
  const qr = qrcode(0, 'M');
  qr.addData(new URL(url).href, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const runs: QrRun[] = [];
  // The rectangle that ended on the row above, by where it starts and how long it is.
  let above = new Map<string, QrRun>();
  for (let y = 0; y < count; y++) {
    const here = new Map<string, QrRun>();
    let x = 0;
    while (x < count) {
      if (!qr.isDark(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < count && qr.isDark(y, x)) x++;
      const key = `${start}:${x - start}`;
      const open = above.get(key);
      if (open) open.rows++;
      const run = open ?? { x: start, y, length: x - start, rows: 1 };
      if (!open) runs.push(run);
      here.set(key, run);
    }
    above = here;
  }
  return { count, runs };
}

/** The caption under the code: the link's host, as a reader would type it (no scheme, no `www.`). */
export function qrCaption(url: string): string {
  const { host } = new URL(url);
  return host.replace(/^www\./, '');
}
