// The chat tab (live-room spec, sections 2 and 5): the room's messages in order, scrolled to the
// bottom 100 ms after a new one (and when the tab shows again), and the composer.
import { type ChatMessage, chatMessages } from '@lablive/domain';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../format/useFormat.ts';
import { AnnouncementItem } from '../../broadcast/AnnouncementItem.tsx';
import { chatItemKey, chatWithAnnouncements } from '../../broadcast/chatWithAnnouncements.ts';
import { useRoom, useRoomState } from '../../roomContext.ts';
import { SidebarError } from '../SidebarError.tsx';
import { useCommand } from '../useCommand.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatMessageItem } from './ChatMessageItem.tsx';
import { CHAT_SCROLL_DELAY_MS } from './chatPolicy.ts';
import './chat.css';

export function ChatPanel({ visible }: { visible: boolean }) {
  const { t } = useTranslation('room');
  const { me } = useRoom();
  const log = useRoomState((state) => state.chat);
  const announcements = useRoomState((state) => state.broadcast.announcements);
  const chat = useMemo(() => chatMessages(log), [log]);
  // The staff's announcements to every room, among the messages where they happened (set apart).
  const items = useMemo(() => chatWithAnnouncements(chat, announcements), [chat, announcements]);
  const remove = useCommand();
  const list = useRef<HTMLDivElement>(null);
  const format = useFormat();
  // The page's clock (24-hour in every language), not the browser's default English 12-hour one.
  const timeFormat = useMemo(() => format.timeFormat(), [format]);
  const last = items.at(-1);
  const lastId = last === undefined ? null : chatItemKey(last);

  useEffect(() => {
    // A hidden list has no height to scroll: wait until the tab shows.
    if (!visible || lastId === null) return;
    const timer = setTimeout(() => {
      const element = list.current;
      if (element !== null) element.scrollTop = element.scrollHeight;
    }, CHAT_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lastId, visible]);

  const onRemove = me.isAnimator
    ? (message: ChatMessage) =>
        void remove.run({ type: 'RemoveChatMessage', data: { messageId: message.id } })
    : null;

  return (
    <section className="sidebar-section chat-panel" aria-labelledby="chat-title">
      <h2 id="chat-title" className="visually-hidden">
        {t('chat.title')}
      </h2>
      {items.length === 0 ? (
        <p className="sidebar-muted chat-empty">{t('chat.empty')}</p>
      ) : (
        // The log is the scrolling region around the list: a list keeps its own role, or its items
        // would be list items outside any list for assistive technologies.
        <div
          ref={list}
          className="chat-list"
          role="log"
          aria-live="polite"
          aria-labelledby="chat-title"
          // A scrolling region takes the focus, or keyboard users could not scroll back through the chat.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
          tabIndex={0}
        >
          <ol className="chat-items">
            {items.map((item) =>
              item.kind === 'announcement' ? (
                <AnnouncementItem
                  key={chatItemKey(item)}
                  announcement={item.announcement}
                  time={timeFormat.format(new Date(item.announcement.at))}
                />
              ) : (
                <ChatMessageItem
                  key={chatItemKey(item)}
                  message={item.message}
                  isMe={item.message.from.participantId === me.participantId}
                  time={timeFormat.format(new Date(item.message.at))}
                  onRemove={onRemove}
                />
              ),
            )}
          </ol>
        </div>
      )}
      <SidebarError error={remove.error} />
      <ChatComposer />
    </section>
  );
}
