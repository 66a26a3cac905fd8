import { AuthProvider } from '../features/auth/auth-context.tsx';
import { SettingsSync } from '../features/settings/SettingsSync.tsx';
import { AppLayout } from './AppLayout.tsx';
import { PanelProvider } from './panel-context.tsx';

/** Providers that need the router (navigation), around the layout. */
export function Root() {
  return (
    <PanelProvider>
      <AuthProvider>
        <SettingsSync />
        <AppLayout />
      </AuthProvider>
    </PanelProvider>
  );
}
