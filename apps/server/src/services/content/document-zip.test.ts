import { docxWithBody, emptyParagraphsDocx, longTextDocx } from '@voxpress/test-kit/document-bombs';
import { makeDocx } from '@voxpress/test-kit/docx-fixture';
import { describe, expect, it } from 'vitest';
import { checkDocxArchive, DOCX_LIMITS } from './document-zip.ts';

describe('the DOCX archive check', () => {
  it('lets a real Word document through', async () => {
    const docx = await makeDocx('Notes', ['One paragraph.', 'Another one.']);
    expect(checkDocxArchive(docx)).toBeNull();
  });

  it('refuses millions of empty paragraphs by their markup, before any parsing', async () => {
    const bomb = await emptyParagraphsDocx(2_000_000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(checkDocxArchive(bomb)).toMatchObject({ kind: 'too_much_markup' });
  });

  it('refuses a document that unpacks past the size limit, from its directory alone', async () => {
    const docx = await docxWithBody('<w:p><w:r><w:t>Short.</w:t></w:r></w:p>');
    // The directory claims 300 MB for the body, as a 292 KB file of 300 M characters would.
    docx.writeUInt32LE(300_000_000, centralHeader(docx, 'word/document.xml') + 24);
    expect(checkDocxArchive(docx)).toEqual({ kind: 'too_large', uncompressedBytes: expect.any(Number) });
  });

  it('measures the inflated size of a real long document the same way', async () => {
    const docx = await longTextDocx(4 * 1024 * 1024);
    expect(checkDocxArchive(docx, { ...DOCX_LIMITS, maxUncompressedBytes: 4 * 1024 * 1024 })).toMatchObject({
      kind: 'too_large',
    });
  });

  it('refuses an archive of too many parts', async () => {
    const extra = Object.fromEntries(
      Array.from({ length: DOCX_LIMITS.maxEntries }, (_, i) => [`word/media/p${i}.bin`, Buffer.from('x')]),
    );
    const docx = await docxWithBody('<w:p/>', extra);
    expect(checkDocxArchive(docx)).toMatchObject({ kind: 'too_many_entries' });
  });

  it('calls an archive damaged when a part inflates past the size its directory declares', async () => {
    const docx = await docxWithBody('<w:p><w:r><w:t>Some words here.</w:t></w:r></w:p>');
    // Shrink the declared size of word/document.xml in the central directory.
    const at = docx.indexOf(
      Buffer.from('word/document.xml'),
      docx.lastIndexOf(Buffer.from([0x50, 0x4b, 1, 2])) - 200,
    );
    const header = docx.lastIndexOf(Buffer.from([0x50, 0x4b, 1, 2]), at);
    docx.writeUInt32LE(10, header + 24);
    expect(checkDocxArchive(docx)).toEqual({ kind: 'damaged' });
    expect(checkDocxArchive(Buffer.from('PK\u0003\u0004 not really a zip'))).toEqual({ kind: 'damaged' });
  });
});

/** Where the central directory's record of `name` starts. */
function centralHeader(zip: Buffer, name: string): number {
  const signature = Buffer.from([0x50, 0x4b, 1, 2]);
  let at = zip.indexOf(signature);
  while (at !== -1) {
    const length = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + length) === name) return at;
    at = zip.indexOf(signature, at + 4);
  }
  throw new Error(`${name} is not in the archive`);
}
