import { useMediaQuery } from '@mantine/hooks';
import { LIMITS } from '@voxpress/contracts';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

export interface PanelState {
  /** Under 768 px the panel is a drawer; from 768 px on it is a side panel. */
  narrow: boolean;
  /** Expanded (wide) or open (narrow). */
  expanded: boolean;
  toggle(): void;
  minimize(): void;
  expand(): void;
}

const PanelContext = createContext<PanelState | null>(null);

/** Control panel state. Wide screens start with the panel open; narrow ones start minimized. */
export function PanelProvider({ children }: { children: ReactNode }) {
  const narrow = useMediaQuery(`(max-width: ${LIMITS.smallScreenPx - 0.02}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const [wideExpanded, setWideExpanded] = useState(true);
  const [narrowOpen, setNarrowOpen] = useState(false);

  const value = useMemo<PanelState>(() => {
    const isNarrow = narrow === true;
    const set = isNarrow ? setNarrowOpen : setWideExpanded;
    return {
      narrow: isNarrow,
      expanded: isNarrow ? narrowOpen : wideExpanded,
      toggle: () => set((v) => !v),
      minimize: () => set(false),
      expand: () => set(true),
    };
  }, [narrow, narrowOpen, wideExpanded]);

  return <PanelContext.Provider value={value}>{children}</PanelContext.Provider>;
}

export function usePanel(): PanelState {
  const ctx = useContext(PanelContext);
  if (!ctx) throw new Error('usePanel must be used inside PanelProvider');
  return ctx;
}
