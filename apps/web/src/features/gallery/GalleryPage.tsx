import { Button, EmptyState } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame.tsx';

/** Generated infographics. None can exist yet: image generation is not built. */
export function GalleryPage() {
  return (
    <PageFrame title="Gallery" lead="Infographics you generate from your content are kept here.">
      <EmptyState icon={<IconPhoto size={32} />} variant="light">
        <EmptyState.Title order={2}>No infographics yet</EmptyState.Title>
        <EmptyState.Description>
          Image generation is planned after transcription and written content. Your saved images will appear
          here.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/home" variant="light">
            Go to Audio Workflow
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </PageFrame>
  );
}
