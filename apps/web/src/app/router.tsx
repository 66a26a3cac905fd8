import { createBrowserRouter } from 'react-router';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { LoginRoute } from '../features/landing/LoginRoute.tsx';
import { NotFoundPage } from '../features/landing/NotFoundPage.tsx';
import { LazyView, lazyPage } from './lazy-page.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { Root } from './Root.tsx';

const pages = {
  features: lazyPage(() => import('../features/features/FeaturesPage.tsx').then((m) => m.FeaturesPage)),
  pricing: lazyPage(() => import('../features/pricing/PricingPage.tsx').then((m) => m.PricingPage)),
  about: lazyPage(() => import('../features/about/AboutPage.tsx').then((m) => m.AboutPage)),
  help: lazyPage(() => import('../features/help/HelpPage.tsx').then((m) => m.HelpPage)),
  resetPassword: lazyPage(() =>
    import('../features/account/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
  ),
  settings: lazyPage(() => import('../features/settings/SettingsPage.tsx').then((m) => m.SettingsPage)),
  gallery: lazyPage(() => import('../features/gallery/GalleryPage.tsx').then((m) => m.GalleryPage)),
  home: lazyPage(() => import('../features/home/HomePage.tsx').then((m) => m.HomePage)),
  library: lazyPage(() => import('../features/library/LibraryPage.tsx').then((m) => m.LibraryPage)),
  audio: lazyPage(() => import('../features/home/AudioPage.tsx').then((m) => m.AudioPage)),
  item: lazyPage(() => import('../features/items/ItemPage.tsx').then((m) => m.ItemPage)),
};

/** URL routes: deep links and the back button work for every view. */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <Root />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'login', element: <LoginRoute /> },
      {
        path: 'features',
        element: <LazyView page={pages.features} loadingText={(t) => t('loading.features')} />,
      },
      {
        path: 'pricing',
        element: <LazyView page={pages.pricing} loadingText={(t) => t('loading.pricing')} />,
      },
      { path: 'about', element: <LazyView page={pages.about} loadingText={(t) => t('loading.about')} /> },
      { path: 'help', element: <LazyView page={pages.help} loadingText={(t) => t('loading.help')} /> },
      {
        path: 'reset-password',
        element: <LazyView page={pages.resetPassword} loadingText={(t) => t('loading.page')} />,
      },
      {
        path: 'settings/:section?',
        element: (
          <RequireAuth>
            <LazyView page={pages.settings} loadingText={(t) => t('loading.settings')} />
          </RequireAuth>
        ),
      },
      {
        path: 'gallery',
        element: (
          <RequireAuth>
            <LazyView page={pages.gallery} loadingText={(t) => t('loading.gallery')} />
          </RequireAuth>
        ),
      },
      {
        path: 'home',
        element: (
          <RequireAuth>
            <LazyView page={pages.home} loadingText={(t) => t('loading.dashboard')} />
          </RequireAuth>
        ),
      },
      {
        path: 'home/audio',
        element: (
          <RequireAuth>
            <LazyView page={pages.audio} loadingText={(t) => t('loading.audioWorkflow')} />
          </RequireAuth>
        ),
      },
      {
        path: 'home/library',
        element: (
          <RequireAuth>
            <LazyView page={pages.library} loadingText={(t) => t('loading.library')} />
          </RequireAuth>
        ),
      },
      {
        path: 'items/:id',
        element: (
          <RequireAuth>
            <LazyView page={pages.item} loadingText={(t) => t('loading.item')} />
          </RequireAuth>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
