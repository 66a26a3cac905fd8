import yazl from 'yazl';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** A minimal DOCX whose body is `body` (WordprocessingML paragraphs), deflated as Word does. */
export function docxWithBody(body: string | Buffer, extra: Record<string, Buffer> = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(RELS), '_rels/.rels');
  const xml = Buffer.concat([
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
    ),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
    Buffer.from('</w:body></w:document>'),
  ]);
  zip.addBuffer(xml, 'word/document.xml', { compressionLevel: 9 });
  for (const [name, bytes] of Object.entries(extra)) zip.addBuffer(bytes, name, { compress: false });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A small DOCX of `count` empty paragraphs: tiny on disk, a huge tree once parsed. */
export const emptyParagraphsDocx = (count: number) => docxWithBody(Buffer.from('<w:p/>'.repeat(count)));

/** A DOCX with one paragraph of `chars` repeated letters: a few hundred KB holding far more text. */
export const longTextDocx = (chars: number) =>
  docxWithBody(
    Buffer.concat([
      Buffer.from('<w:p><w:r><w:t>'),
      Buffer.alloc(chars, 'a'),
      Buffer.from('</w:t></w:r></w:p>'),
    ]),
  );
