// The lobby of one session on the session detail page (issue 33, part 2): how many asked to join and
// were admitted, denied, gave up or were removed, how often the room was locked, and how long guests
// waited for an answer. Nothing is shown for a session whose lobby nobody used.
import type { LobbyStatsRow } from '@lablive/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format/useFormat.ts';

export function SessionLobby({ row }: { row: LobbyStatsRow | undefined }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const titleId = useId();
  if (row === undefined) return null;
  const figures = [
    { key: 'knocks', value: format.count(row.knocks) },
    { key: 'admitted', value: format.count(row.admitted) },
    { key: 'denied', value: format.count(row.denied) },
    { key: 'withdrawn', value: format.count(row.withdrawn) },
    { key: 'removed', value: format.count(row.removed) },
    { key: 'locks', value: format.count(row.locks) },
    { key: 'averageWait', value: t('stats.lobby.seconds', { count: row.average_wait_seconds }) },
    { key: 'longestWait', value: t('stats.lobby.seconds', { count: row.longest_wait_seconds }) },
  ] as const;
  return (
    <section className="session-lobby" aria-labelledby={titleId} data-testid="stats-lobby">
      <h4 id={titleId}>{t('stats.lobby.title')}</h4>
      <dl className="stats-figures stats-figures-small">
        {figures.map((figure) => (
          <div key={figure.key} className="stats-figure" data-testid={`stats-lobby-${figure.key}`}>
            <dt>{t(`stats.lobby.${figure.key}`)}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
