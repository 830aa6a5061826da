// The sidebar's open state: it starts closed in a narrow window and closes itself whenever the window
// becomes narrower than 1200 px (live-room spec, section 9); the person may open it again at any width.
import { useEffect, useState } from 'react';
import { NARROW_WINDOW_QUERY } from './sidebarTabs.ts';

export function useAutoCollapse(): [open: boolean, setOpen: (open: boolean) => void] {
  const [open, setOpen] = useState(() => !window.matchMedia(NARROW_WINDOW_QUERY).matches);

  useEffect(() => {
    const query = window.matchMedia(NARROW_WINDOW_QUERY);
    // Only crossing into narrow closes it: a sidebar reopened in a narrow window stays open.
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return [open, setOpen];
}
