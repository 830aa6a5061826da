// An announcement to every room in the chat: set apart from the messages (its own colour, an icon and
// the words "To every room, from the event's staff"), so nobody takes it for a participant's message.
import type { Announcement } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';

export function AnnouncementItem({ announcement, time }: { announcement: Announcement; time: string }) {
  const { t } = useTranslation();
  return (
    <li className="chat-announcement" data-testid="chat-announcement" data-id={announcement.id}>
      <div className="chat-message-head">
        <Icon name="megaphone" size={16} />
        <span className="chat-from">{t('broadcast.announcementFrom')}</span>
        <time className="chat-time" dateTime={announcement.at}>
          {time}
        </time>
      </div>
      <p className="chat-text">{announcement.text}</p>
    </li>
  );
}
