// The live room's right sidebar (live-room spec, sections 2 and 6): tabs for the people in the room,
// chat, polls, notes and the animators' stats, as the room's modules allow. It folds away behind a
// toggle and closes itself in windows narrower than 1200 px.
import { Tabs } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { useRoom } from '../roomContext.ts';
import { ChatPanel } from './chat/ChatPanel.tsx';
import { NotesPanel } from './notes/NotesPanel.tsx';
import { PollsPanel } from './polls/PollsPanel.tsx';
import { QuestionsPanel } from './questions/QuestionsPanel.tsx';
import { type SidebarTab, visibleTabs } from './sidebarTabs.ts';
import { useAutoCollapse } from './useAutoCollapse.ts';
import { UsersPanel } from './users/UsersPanel.tsx';
import { useTabAttention } from './useTabAttention.ts';
import './sidebar.css';

// The stats and their chart library are for animators only: their code loads when the tab first shows.
const StatsPanel = lazy(() =>
  import('./stats/StatsPanel.tsx').then((module) => ({ default: module.StatsPanel })),
);

const PANEL_ID = 'room-sidebar-panel';
/** The tabs that may wait for the person, in the order the folded toggle names them. */
const ATTENTION_TABS = ['polls', 'notes', 'questions'] as const;
const isAttentionTab = (tab: SidebarTab): tab is (typeof ATTENTION_TABS)[number] =>
  (ATTENTION_TABS as readonly string[]).includes(tab);

export function Sidebar() {
  const { t } = useTranslation('room');
  const { me, token } = useRoom();
  const tabs = visibleTabs({ isAnimator: me.isAnimator, activeModules: token.activeModules });
  const [open, setOpen] = useAutoCollapse();
  const [chosen, setChosen] = useState<SidebarTab>('users');
  const current = tabs.includes(chosen) ? chosen : 'users';
  // A participant looking at another tab learns that a poll or a notes request waits for them.
  const attention = useTabAttention();

  // Folded, the toggle also says what waits inside.
  const waiting = open ? null : (ATTENTION_TABS.find((tab) => attention[tab]) ?? null);
  const toggleLabel = open
    ? t('sidebar.close')
    : waiting === null
      ? t('sidebar.open')
      : `${t('sidebar.open')} (${t(`sidebar.waiting.${waiting}`)})`;
  // One toggle in one place, so it keeps the focus when it opens or closes the panel; CSS puts it in
  // the tab bar while open.
  const toggle = (
    <button
      type="button"
      className="sidebar-toggle"
      data-testid="sidebar-toggle"
      aria-expanded={open}
      aria-controls={PANEL_ID}
      aria-label={toggleLabel}
      title={toggleLabel}
      onClick={() => setOpen(!open)}
    >
      <span aria-hidden="true">{open ? '»' : '«'}</span>
      {waiting !== null && <span className="sidebar-tab-dot" aria-hidden="true" />}
      {/* On a phone the folded sidebar is a row under the stage: a dot there goes unseen, words do not. */}
      {waiting !== null && (
        <span className="sidebar-toggle-news" aria-hidden="true" data-testid="sidebar-toggle-news">
          {t(`sidebar.waiting.${waiting}`)}
        </span>
      )}
    </button>
  );

  return (
    <aside className="sidebar" data-testid="sidebar" data-open={open} aria-label={t('sidebar.label')}>
      {toggle}
      {/* Kept mounted while folded, so a half-written message, note or poll survives. */}
      <div id={PANEL_ID} className="sidebar-panel" hidden={!open}>
        <Tabs.Root
          className="sidebar-tabs"
          value={current}
          onValueChange={(value) => setChosen(tabs.find((tab) => tab === value) ?? 'users')}
        >
          <Tabs.List className="sidebar-tab-list" aria-label={t('sidebar.tabsLabel')}>
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab} value={tab} className="sidebar-tab" data-testid={`tab-${tab}`}>
                {t(`sidebar.tabs.${tab}`)}
                {isAttentionTab(tab) && attention[tab] && current !== tab && (
                  <span className="sidebar-tab-dot" role="img" aria-label={t(`sidebar.waiting.${tab}`)} />
                )}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="users" className="sidebar-content">
            <UsersPanel />
          </Tabs.Content>
          {tabs.includes('chat') && (
            <Tabs.Content value="chat" className="sidebar-content" forceMount hidden={current !== 'chat'}>
              <ChatPanel visible={open && current === 'chat'} />
            </Tabs.Content>
          )}
          {tabs.includes('questions') && (
            <Tabs.Content
              value="questions"
              className="sidebar-content"
              forceMount
              hidden={current !== 'questions'}
            >
              <QuestionsPanel />
            </Tabs.Content>
          )}
          {tabs.includes('polls') && (
            <Tabs.Content value="polls" className="sidebar-content" forceMount hidden={current !== 'polls'}>
              <PollsPanel />
            </Tabs.Content>
          )}
          {tabs.includes('notes') && (
            <Tabs.Content value="notes" className="sidebar-content" forceMount hidden={current !== 'notes'}>
              <NotesPanel />
            </Tabs.Content>
          )}
          {tabs.includes('stats') && (
            <Tabs.Content value="stats" className="sidebar-content">
              <Suspense
                fallback={
                  <p className="sidebar-loading" role="status">
                    <Spinner /> {t('sidebar.loading')}
                  </p>
                }
              >
                <StatsPanel />
              </Suspense>
            </Tabs.Content>
          )}
        </Tabs.Root>
      </div>
    </aside>
  );
}
