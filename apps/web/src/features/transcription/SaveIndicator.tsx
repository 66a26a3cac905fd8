import { Group, Text } from '@mantine/core';
import { IconLoader2, IconPointFilled } from '@tabler/icons-react';
import { SAVE_LABELS, type SaveState } from './save-state.ts';

/** The spec's save indicator: Saved, Saving..., Unsaved changes, Save failed; announced politely. */
export function SaveIndicator({ state, visible = true }: { state: SaveState; visible?: boolean }) {
  const color = { saved: 'teal', saving: 'blue', unsaved: 'yellow', error: 'red' }[state];
  return (
    <Group gap={4} aria-live="polite" role="status" style={{ visibility: visible ? 'visible' : 'hidden' }}>
      {state === 'saving' ? (
        <IconLoader2 size={14} aria-hidden />
      ) : (
        <IconPointFilled size={14} color={`var(--mantine-color-${color}-6)`} aria-hidden />
      )}
      <Text size="sm" c={state === 'error' ? 'red' : 'dimmed'}>
        {SAVE_LABELS[state]}
      </Text>
    </Group>
  );
}
