import type { PublisherPlatform } from '@voxpress/contracts';
import type { GuardedFetch } from '../../net/guarded-fetch.ts';
import { GhostPublisher } from './ghost.publisher.ts';
import type { Publisher } from './publisher.ts';
import { WordPressPublisher } from './wordpress.publisher.ts';

/** What a connection holds to reach its site: the address, who signs in, and the secret. */
export interface SiteAccess {
  url: string;
  /** WordPress: the user name; Ghost: unused (the key names itself). */
  account: string;
  /** WordPress: an application password; Ghost: an Admin API key. */
  secret: string;
}

export interface PublisherEntry {
  /** Display name of the platform. */
  name: string;
  /** For the engines view: how the server reaches such a site (administrator detail). */
  detail: string;
  create(http: GuardedFetch, site: SiteAccess): Publisher;
}

/** Every platform posts can be published to, one entry each: adding a platform starts here. */
export const PUBLISHERS = {
  wordpress: {
    name: 'WordPress',
    detail: 'Through the WordPress REST API with an application password',
    create: (http, site) =>
      new WordPressPublisher(http, { url: site.url, username: site.account, appPassword: site.secret }),
  },
  ghost: {
    name: 'Ghost',
    detail: 'Through the Ghost Admin API with an Admin API key',
    create: (http, site) => new GhostPublisher(http, { url: site.url, adminApiKey: site.secret }),
  },
} satisfies Record<PublisherPlatform, PublisherEntry>;
