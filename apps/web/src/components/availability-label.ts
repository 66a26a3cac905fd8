import type { TFunction } from 'i18next';
import type { Availability } from '../features/landing/landing-content.ts';

/** How far along a capability is, in words (cards and the features page). */
export function availabilityLabel(t: TFunction<'common'>, availability: Availability): string {
  switch (availability) {
    case 'available':
      return t('card.availability.available');
    case 'in-progress':
      return t('card.availability.inProgress');
    case 'planned':
      return t('card.availability.planned');
  }
}
