import type { TFunction } from 'i18next';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorBoundary } from '../components/LoadErrorBoundary.tsx';
import { PageLoader } from '../components/PageState.tsx';

/** A page component whose code is fetched on first visit. */
export function lazyPage(load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: await load() }));
}

/** Renders a lazy page with the spec's loading text and 'Failed to load component' on failure. */
export function LazyView({
  page: Page,
  loadingText,
}: {
  page: LazyExoticComponent<ComponentType>;
  /** Reads the loading text in the current language. */
  loadingText: (t: TFunction<'common'>) => string;
}) {
  const { t } = useTranslation();
  return (
    <LoadErrorBoundary>
      <Suspense fallback={<PageLoader label={loadingText(t)} />}>
        <Page />
      </Suspense>
    </LoadErrorBoundary>
  );
}
