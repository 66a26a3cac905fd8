/**
 * Names of the files inside the data export, safe to unpack on Windows, macOS and Linux alike:
 * letters, digits and dashes only (so none of `<>:"/\|?*`, control characters, or a trailing dot
 * or space), never a name Windows reserves for a device (`CON`, `PRN`, `AUX`, `NUL`, `COM1`–`COM9`,
 * `LPT1`–`LPT9`, whatever the case and the extension), and never two names that differ only in
 * case, which Windows and macOS would write as one file.
 */

/** Device names Windows reserves, with any extension (`nul.txt` is the device too). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/** A file name part: letters, digits and dashes, at most 60 characters, never a device name. */
export function slug(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  if (!s) return 'untitled';
  return WINDOWS_RESERVED.test(s) ? `${s}-file` : s;
}

/** An extension as `.png`: a dot and at most 10 letters or digits, or nothing. */
export function extension(text: string): string {
  const s = text.replace(/[^\p{L}\p{N}]+/gu, '').slice(0, 10);
  return s ? `.${s}` : '';
}

/** Hands out each path once, numbering repeats (`a.mp3`, `a-2.mp3`), whatever their case. */
export class UniqueNames {
  private readonly used = new Set<string>();
  take(base: string, ext: string): string {
    let name = `${base}${ext}`;
    for (let n = 2; this.used.has(name.toLowerCase()); n++) name = `${base}-${n}${ext}`;
    this.used.add(name.toLowerCase());
    return name;
  }
}
