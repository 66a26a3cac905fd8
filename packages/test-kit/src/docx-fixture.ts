import { Document, HeadingLevel, Packer, Paragraph } from 'docx';

/** A Word document (DOCX) with a level-1 heading and plain paragraphs under it, made with `docx`. */
export function makeDocx(heading: string, paragraphs: readonly string[]): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: heading, heading: HeadingLevel.HEADING_1 }),
          ...paragraphs.map((p) => new Paragraph(p)),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
