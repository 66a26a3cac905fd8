import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from './PageState.tsx';

interface State {
  failed: boolean;
}

/** Shows 'Failed to load component' when a page (or its lazily loaded code) throws. */
export class LoadErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('View failed to load', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <LoadFailed />;
  }
}

function LoadFailed() {
  const { t } = useTranslation();
  return (
    <ErrorState
      title={t('state.loadFailedTitle')}
      message={t('state.loadFailedMessage')}
      onRetry={() => window.location.reload()}
    />
  );
}
