import { Button, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { InfographicSource } from './setup.ts';

/** What the one-size generator dialogs (4 Style Variations, AI Custom) are opened with. */
export interface SingleSizeDialogProps {
  onClose(): void;
  source: InfographicSource;
  size: string;
  /** 'Close & Configure': closes and takes the user to where the content is set up. */
  onConfigure(): void;
}

/** The frame of the generator dialogs: wide on a desktop, the whole screen on a phone. */
export function GenerationModal({
  title,
  onClose,
  size = 'min(1100px, 96vw)',
  children,
}: {
  title: string;
  onClose(): void;
  size?: string;
  children: ReactNode;
}) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={narrow}
      padding={narrow ? 'sm' : 'lg'}
    >
      {children}
    </Modal>
  );
}

/**
 * A generator dialog's main button, under its setup: spinning while the images are made, when a
 * click does nothing (a second generation never starts while one runs; spec §5).
 */
export function GenerateButton({
  icon,
  loading,
  disabled,
  onClick,
  children,
}: {
  icon: ReactNode;
  loading: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <Button
      size="md"
      leftSection={icon}
      loading={loading}
      disabled={disabled}
      onClick={() => {
        if (!loading) onClick();
      }}
    >
      {children}
    </Button>
  );
}
