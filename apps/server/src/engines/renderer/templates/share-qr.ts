import qrcode from 'qrcode-generator';

/** Light modules around the code, as the QR standard asks, so a camera finds its edges. */
export const QR_QUIET_MODULES = 4;

/** A row of dark modules side by side, in module units: drawn as one rectangle. */
export interface QrRun {
  x: number;
  y: number;
  length: number;
}

/** A QR code's dark modules as horizontal runs, with its side in modules (without the quiet zone). */
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
  for (let y = 0; y < count; y++) {
    let x = 0;
    while (x < count) {
      if (!qr.isDark(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < count && qr.isDark(y, x)) x++;
      runs.push({ x: start, y, length: x - start });
    }
  }
  return { count, runs };
}

/** The caption under the code: the link's host, as a reader would type it (no scheme, no `www.`). */
export function qrCaption(url: string): string {
  const { host } = new URL(url);
  return host.replace(/^www\./, '');
}
