import { inflateRawSync } from 'node:zlib';

/**
 * What a Word document (a ZIP archive) may hold before it is parsed. A real DOCX of 20 MB holds a
 * few dozen parts and rarely more than 50 MB once inflated; a "zip bomb" holds far more. The
 * markup limit bounds the document tree the parser builds (about 1.7 KB of memory per element).
 */
export const DOCX_LIMITS = {
  maxEntries: 2_000,
  maxUncompressedBytes: 128 * 1024 * 1024,
  maxMarkupTags: 300_000,
} as const;

/** Why an archive cannot be parsed safely: damaged, or past one of the limits. */
export type ArchiveProblem =
  | { kind: 'damaged' }
  | { kind: 'too_many_entries'; entries: number }
  | { kind: 'too_large'; uncompressedBytes: number }
  | { kind: 'too_much_markup'; tags: number };

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

/** The central directory's entries, read from the end of the archive without inflating anything. */
function centralDirectory(bytes: Buffer): Entry[] | null {
  // The end record is 22 bytes plus a comment of at most 65,535.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  // ZIP64 archives (over 4 GB or 65,535 entries) are never Word documents of 20 MB.
  if (count === 0xffff || size === ZIP64_MARK || offset === ZIP64_MARK) return null;
  if (offset + size > end) return null;
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > offset + size || bytes.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (next > offset + size) return null;
    const entry = {
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      localOffset: bytes.readUInt32LE(at + 42),
    };
    if (entry.compressedSize === ZIP64_MARK || entry.uncompressedSize === ZIP64_MARK) return null;
    entries.push(entry);
    at = next;
  }
  return entries;
}

/** An entry's bytes, inflated no further than the size the directory declares for it. */
function inflateEntry(bytes: Buffer, entry: Entry): Buffer | null {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) return null;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) return null;
  if (entry.method === 0) return data;
  if (entry.method !== 8) return null;
  try {
    // An entry that inflates past its declared size lies about it: refused, never grown.
    const out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    return out.length === entry.uncompressedSize ? out : null;
  } catch {
    return null;
  }
}

/** Counts `<` in a buffer: one per tag, an upper bound on the elements a parser builds. */
function countTags(xml: Buffer): number {
  let tags = 0;
  let at = xml.indexOf(60);
  while (at !== -1) {
    tags++;
    at = xml.indexOf(60, at + 1);
  }
  return tags;
}

/**
 * Checks a DOCX before it is parsed: its central directory (number of parts, their inflated size)
 * and the markup of its XML parts, inflated with their declared sizes as a hard cap. Returns the
 * first problem found, or null when the archive is safe to hand to the parser.
 */
export function checkDocxArchive(bytes: Buffer, limits = DOCX_LIMITS): ArchiveProblem | null {
  const entries = centralDirectory(bytes);
  if (!entries || entries.length === 0) return { kind: 'damaged' };
  if (entries.length > limits.maxEntries) return { kind: 'too_many_entries', entries: entries.length };
  const total = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (total > limits.maxUncompressedBytes) return { kind: 'too_large', uncompressedBytes: total };
  let tags = 0;
  for (const entry of entries) {
    if (!/\.(xml|rels)$/i.test(entry.name)) continue;
    const xml = inflateEntry(bytes, entry);
    if (!xml) return { kind: 'damaged' };
    tags += countTags(xml);
    if (tags > limits.maxMarkupTags) return { kind: 'too_much_markup', tags };
  }
  return null;
}
