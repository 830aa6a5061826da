// Where the viewers' receiving connections live: `perPage` of them in each Chromium page, pages opened as
// viewers are added. A page is a renderer process; a few connections per page keep the processes (and
// their fixed memory and threads) few enough for 32 viewers beside the publisher on a 2-core machine.
import type { Browser } from 'playwright-core';
import { openRtcPage, type RtcPage } from './rtcPage.ts';

export type Viewer = { index: number; id: string; page: RtcPage };

export type ViewerPages = {
  /** The page and connection id of viewer `index` (0-based), opening its page when it is the first there. */
  place(index: number): Promise<Viewer>;
  pages(): RtcPage[];
};

export function viewerPages(browser: Browser, perPage: number): ViewerPages {
  const pages: RtcPage[] = [];
  return {
    async place(index) {
      const pageIndex = Math.floor(index / perPage);
      while (pages.length <= pageIndex) pages.push(await openRtcPage(browser));
      const page = pages[pageIndex];
      if (!page) throw new Error(`no page for viewer ${index}`);
      return { index, id: `viewer-${index}`, page };
    },
    pages: () => [...pages],
  };
}
