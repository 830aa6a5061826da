// Which subscriptions a message reaches, by NATS's rules: every plain subscription whose pattern
// matches, plus one member of each matching queue group. Literal patterns are looked up directly, so a
// single instance with thousands of room subscriptions does not test each one per message.
import { isWildcard, subjectMatches } from './subjects.ts';

export type Route = { pattern: string; queue: string | undefined };

export type RoutingTable<T extends Route> = {
  add(route: T): void;
  remove(route: T): void;
  /** The routes a message on `subject` goes to; queue groups take turns. */
  match(subject: string): T[];
  clear(): void;
};

export function createRoutingTable<T extends Route>(): RoutingTable<T> {
  const literal = new Map<string, Set<T>>();
  const wildcard = new Set<T>();
  let turn = 0;

  return {
    add(route) {
      if (isWildcard(route.pattern)) {
        wildcard.add(route);
        return;
      }
      const routes = literal.get(route.pattern) ?? new Set<T>();
      routes.add(route);
      literal.set(route.pattern, routes);
    },
    remove(route) {
      wildcard.delete(route);
      const routes = literal.get(route.pattern);
      routes?.delete(route);
      if (routes?.size === 0) literal.delete(route.pattern);
    },
    match(subject) {
      const plain: T[] = [];
      const groups = new Map<string, T[]>();
      const consider = (route: T) => {
        if (route.queue === undefined) plain.push(route);
        else groups.set(route.queue, [...(groups.get(route.queue) ?? []), route]);
      };
      for (const route of literal.get(subject) ?? []) consider(route);
      for (const route of wildcard) if (subjectMatches(route.pattern, subject)) consider(route);
      for (const members of groups.values()) {
        const chosen = members[turn++ % members.length];
        if (chosen !== undefined) plain.push(chosen);
      }
      return plain;
    },
    clear() {
      literal.clear();
      wildcard.clear();
    },
  };
}
