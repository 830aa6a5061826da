// What the tab loaded, forgotten on sign-out: the query cache registers itself here when the back office
// or the calendar page loads it, so the app's root (on every guest's way into the room) forgets it
// without downloading the query library.
const forgetters = new Set<() => void>();

export function forgetOnSignOut(forget: () => void): void {
  forgetters.add(forget);
}

export function forgetLoadedData(): void {
  for (const forget of forgetters) forget();
}
