// What an event role may do in a live room (live-room spec, section 6). Decisions and the web client ask
// these questions instead of comparing role strings, so observer-animator can never be forgotten.
import type { EventRole } from '../auth/access.ts';

/** Hosts: the animator and the observer-animator, who hosts while the games treat them as a spectator. */
export function isAnimator(role: EventRole): boolean {
  return role === 'animator' || role === 'observer-animator';
}

/** The spec's rule is "role contains observer": the games receive a spectator flag for these roles. */
export function isObserver(role: EventRole): boolean {
  return role.includes('observer');
}

/**
 * Who sends audio and video through the media server: everyone but a plain observer, who watches and
 * listens (an observer-animator hosts, so they publish). The server refuses anyone else's publish.
 */
export function mayPublish(role: EventRole): boolean {
  return role !== 'observer';
}
