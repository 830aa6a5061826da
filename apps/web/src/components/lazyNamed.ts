// React.lazy for a module's named export. The room loads what only animators use (the presentation
// menu, screen sharing, the poll editor, the notes collection, the pharmacovigilance form) this way, so
// a guest's way into the room carries none of it (issue 15: the room route under 250 kB).
import { type ComponentType, lazy } from 'react';

export function lazyNamed<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): Module[Name] extends ComponentType<infer Props> ? ComponentType<Props> : never {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<unknown> })) as never;
}
