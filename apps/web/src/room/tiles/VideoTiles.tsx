// The collapsible column of participant video tiles (live-room spec, section 2): me first, then the
// others in order of arrival, scrolled in steps of 150 px with up and down buttons.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { useRoom, useRoomState } from '../roomContext.ts';
import { scrollRoom, TILE_SCROLL_STEP } from './tileLayout.ts';
import { useMediaStreams } from './useMediaStreams.ts';
import { VideoTile } from './VideoTile.tsx';
import './tiles.css';

const LIST_ID = 'room-tiles-list';

export function VideoTiles() {
  const { t } = useTranslation('room');
  const { me, media } = useRoom();
  const viewers = useRoomState((state) => state.viewers);
  const { local, remotes } = useMediaStreams(media);
  const [open, setOpen] = useState(true);
  const list = useRef<HTMLUListElement>(null);
  const [room, setRoom] = useState({ up: false, down: false });

  const measure = useCallback(() => {
    if (list.current !== null) setRoom(scrollRoom(list.current));
  }, []);

  useEffect(() => {
    const element = list.current;
    if (element === null) return;
    measure();
    // The column's own size, and the tiles in it (people arriving or leaving), change how far it scrolls.
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    const tiles = new MutationObserver(measure);
    tiles.observe(element, { childList: true });
    return () => {
      resized.disconnect();
      tiles.disconnect();
    };
  }, [measure]);

  const scroll = (direction: 1 | -1) =>
    list.current?.scrollBy({ top: direction * TILE_SCROLL_STEP, behavior: 'smooth' });
  const mine = viewers.find((viewer) => viewer.id === me.participantId);
  const others = viewers.filter((viewer) => viewer.id !== me.participantId);

  return (
    <aside className="tiles" data-open={open} aria-label={t('shell.participantsVideo')} data-testid="tiles">
      <button
        type="button"
        className="tiles-toggle"
        aria-expanded={open}
        aria-controls={LIST_ID}
        data-testid="tiles-toggle"
        onClick={() => setOpen(!open)}
        aria-label={open ? t('shell.hideTiles') : t('shell.showTiles')}
        title={open ? t('shell.hideTiles') : t('shell.showTiles')}
      >
        <Icon name={open ? 'chevronRight' : 'chevronLeft'} size={18} />
      </button>
      <div className="tiles-body" hidden={!open}>
        <button
          type="button"
          className="icon-button tiles-scroll"
          onClick={() => scroll(-1)}
          disabled={!room.up}
          aria-label={t('shell.scrollTilesUp')}
          data-testid="tiles-up"
        >
          <Icon name="chevronUp" size={18} />
        </button>
        <ul
          id={LIST_ID}
          ref={list}
          className="tiles-list"
          onScroll={measure}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a list that scrolls must be reachable from the keyboard to scroll it (WCAG 2.1.1).
          tabIndex={0}
          aria-label={t('shell.participantsVideo')}
        >
          {mine !== undefined && <VideoTile viewer={mine} stream={local} isMe />}
          {others.map((viewer) => (
            <VideoTile
              key={viewer.id}
              viewer={viewer}
              stream={remotes.find((remote) => remote.participantId === viewer.id)?.stream ?? null}
              isMe={false}
            />
          ))}
        </ul>
        <button
          type="button"
          className="icon-button tiles-scroll"
          onClick={() => scroll(1)}
          disabled={!room.down}
          aria-label={t('shell.scrollTilesDown')}
          data-testid="tiles-down"
        >
          <Icon name="chevronDown" size={18} />
        </button>
      </div>
    </aside>
  );
}
