/**
 * The name a downloaded image is saved under (spec §7: the name and a timestamp, as a PNG):
 * the name's letters and digits joined by dashes, then the local date and time,
 * e.g. `Banana-bread-Modern-2026-11-23-064500.png`.
 */
export function downloadFileName(name: string, at: Date, extension = 'png'): string {
  const base =
    name
      .normalize('NFC')
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'infographic';
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `${base}-${stamp}.${extension}`;
}
