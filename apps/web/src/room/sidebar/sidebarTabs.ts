// Which tabs of the live room's sidebar a person gets (live-room spec, sections 1, 2 and 6): the users
// list always; chat, questions (Q&A), polls and notes when the room switched their module on; stats for animators of a
// room with the stats module. Pure, so the rule is tested without a browser.
export const SIDEBAR_TABS = ['users', 'chat', 'questions', 'polls', 'notes', 'stats'] as const;
export type SidebarTab = (typeof SIDEBAR_TABS)[number];

/** Below this window width the sidebar closes itself (live-room spec, section 9). */
export const SIDEBAR_AUTO_CLOSE_WIDTH = 1200;

/** Matches while the window is narrower than SIDEBAR_AUTO_CLOSE_WIDTH. */
export const NARROW_WINDOW_QUERY = `(max-width: ${SIDEBAR_AUTO_CLOSE_WIDTH - 0.02}px)`;

export function visibleTabs(viewer: { isAnimator: boolean; activeModules: readonly string[] }): SidebarTab[] {
  const has = (module: string) => viewer.activeModules.includes(module);
  return SIDEBAR_TABS.filter((tab) => {
    switch (tab) {
      case 'users':
        return true;
      case 'chat':
      case 'questions':
      case 'polls':
      case 'notes':
        return has(tab);
      case 'stats':
        return viewer.isAnimator && has('stats');
      default: {
        const unknown: never = tab;
        throw new Error(`Unknown sidebar tab ${String(unknown)}`);
      }
    }
  });
}
