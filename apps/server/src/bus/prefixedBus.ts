// A bus whose subjects all live under one prefix: two deployments (or two test clusters) sharing one NATS
// never see each other's room subjects, while the rest of the server keeps writing `room.<id>.cmd`.
import type { Bus, Subject } from './index.ts';

/** The prefix of a deployment whose BUS_SUBJECT_PREFIX is unset: the database's name, as a subject token. */
export function defaultSubjectPrefix(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'postgres';
  return `lablive.${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export function prefixedBus(bus: Bus, prefix: string): Bus {
  const head = `${prefix}.`;
  const inner = (subject: Subject) => `${head}${subject}`;
  // Handlers are told the subject as the caller named it, without the prefix.
  const outer = (subject: Subject) => (subject.startsWith(head) ? subject.slice(head.length) : subject);
  return {
    kind: bus.kind,
    maxPayload: bus.maxPayload,
    publish: (subject, payload) => bus.publish(inner(subject), payload),
    subscribe: (subject, handler) =>
      bus.subscribe(inner(subject), (payload, actual) => handler(payload, outer(actual))),
    request: (subject, payload, options) => bus.request(inner(subject), payload, options),
    reply: (subject, handler, options) =>
      bus.reply(inner(subject), (payload, actual) => handler(payload, outer(actual)), options),
    flush: () => bus.flush(),
    healthy: () => bus.healthy(),
    close: () => bus.close(),
  };
}
