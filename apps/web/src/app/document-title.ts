import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the browser tab (and the entry in history and bookmarks) after the page, in the interface
 * language: "Help · Voxpress"; the start page (`null`) carries the name and tagline alone.
 */
export function useDocumentTitle(page: string | null): void {
  const { t } = useTranslation();
  const title = page ? t('title.page', { page }) : t('title.home');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
