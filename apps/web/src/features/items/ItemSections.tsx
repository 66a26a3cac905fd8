import type { Item } from '@voxpress/contracts';
import { ContentSection } from '../content/ContentSection.tsx';
import { ImagesSection } from '../infographics/ImagesSection.tsx';

/**
 * What is made from an item's text, below it on the item page: the content written from it, then
 * its images. Each section takes the item and the source it works from (`transcriptionId`, null
 * while there is no transcript yet) and mounts here in one line.
 */
export function ItemSections({ item, transcriptionId }: { item: Item; transcriptionId: string | null }) {
  return (
    <>
      <ContentSection item={item} transcriptionId={transcriptionId} />
      <ImagesSection item={item} transcriptionId={transcriptionId} />
    </>
  );
}
