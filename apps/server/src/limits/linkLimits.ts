// How often one link may be turned into a sign-in link or a mail (issue 26): a used personal link asking
// for a fresh one, a calendar link asking for a way in. Counted per link, on top of the per-address
// limit of the sign-in calls (`@fastify/rate-limit`, LOGIN_RATE_LIMIT_PER_MINUTE), so neither one link
// from many addresses nor many links from one address mints links or fills a mailbox without end.
// Counted in this instance's memory, as the per-address limit is.
import { DomainError } from '@lablive/domain';
import { createKeyedTokenBuckets } from './tokenBucket.ts';

export type LinkLimit = { burst: number; perHour: number };

/** A used link's fresh mail: three at once (a mail slow to come), then one every ten minutes. */
export const RESEND_PER_LINK: LinkLimit = { burst: 3, perHour: 6 };

/** The calendar page's "Go to the event": five at once, then one a minute. */
export const JOIN_PER_CALENDAR_LINK: LinkLimit = { burst: 5, perHour: 60 };

export type LinkLimiter = {
  /** Counts one use of the link named `key`; a 429 DomainError saying when to try again past the limit. */
  take(key: string): void;
};

export function createLinkLimiter(limit: LinkLimit, now: () => number = Date.now): LinkLimiter {
  const buckets = createKeyedTokenBuckets<string>(limit.perHour / 3600, limit.burst, now);
  return {
    take(key) {
      if (buckets.take(key)) return;
      const seconds = Math.max(1, Math.ceil(buckets.retryAfterMs(key) / 1000));
      const wait = seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
      throw new DomainError('rate_limited', `Too many attempts with this link. Try again in ${wait}.`);
    },
  };
}
