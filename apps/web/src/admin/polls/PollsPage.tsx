// The polls page (/admin/polls; back-office spec 2.6): the lab's prepared polls, newest first, 5, 15, 30
// or 50 a page, each title edited in place (Enter or leaving the field saves it, shown at once, put back
// with a visible error when refused), each poll opened in its form (Edit) or deleted, one by one or
// checked and removed together, with the spec's confirmations. Add Poll opens the empty form. The room's
// animators find these polls in their poll panel.
import { POLL_PAGE_SIZES, type PollView } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useToast } from '../../components/toasts/useToast.ts';
import { useFormat } from '../../format/useFormat.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { pollsApi } from '../adminApi.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import { AdminList } from '../list/AdminList.tsx';
import { InlineText } from '../list/InlineText.tsx';
import { useOptimisticRows } from '../list/useOptimisticRows.ts';
import { pollKeys, usePolls } from '../resources/polls.ts';
import { titleProblem, withTitle } from './pollTitle.ts';
import './polls.css';

export function PollsPage() {
  const { t } = useTranslation('admin');
  const { state } = useLoadedQuery(usePolls());
  return (
    <section className="admin-page" aria-labelledby="polls-title">
      <header className="admin-page-header">
        <h1 id="polls-title">{t('polls.title')}</h1>
        <Link to="/admin/polls/create" className="button button-primary" data-testid="add-poll">
          {t('polls.add')}
        </Link>
      </header>
      <p className="muted">{t('polls.intro')}</p>
      {state.status === 'loading' && <PageSpinner />}
      {state.status === 'failed' && <LoadFailure failure={state.failure} testId="polls-error" />}
      {state.status === 'loaded' && <Polls loaded={state.value} />}
    </section>
  );
}

const pollId = (poll: PollView) => String(poll.id);

function Polls({ loaded }: { loaded: readonly PollView[] }) {
  const format = useFormat();
  const { t } = useTranslation('admin');
  const toast = useToast();
  const invalidate = useInvalidate();
  const list = useOptimisticRows<PollView>(loaded, pollId, () => invalidate.markStale(pollKeys.all));

  return (
    <div className="polls-list">
      <AdminList<PollView>
        label={t('polls.list')}
        testId="polls"
        rows={list.rows}
        rowId={pollId}
        rowName={(poll) => poll.title}
        pageSizes={POLL_PAGE_SIZES}
        empty={t('polls.none')}
        columns={[
          {
            id: 'title',
            header: t('polls.pollTitle'),
            cell: (poll) => (
              <InlineText
                value={poll.title}
                label={t('polls.titleOf', { title: poll.title })}
                validate={(title) => titleProblem(poll, title)}
                testId="poll-title"
                onCommit={(title) =>
                  // An empty title becomes the question, as the server stores it.
                  void list.change(pollId(poll), { title: title === '' ? poll.question : title }, () =>
                    pollsApi.editPoll(poll.id, withTitle(poll, title)),
                  )
                }
              />
            ),
          },
          {
            id: 'question',
            header: t('polls.question'),
            cell: (poll) => <span className="poll-question">{poll.question}</span>,
          },
          { id: 'options', header: t('polls.options'), narrow: true, cell: (poll) => poll.options.length },
          {
            id: 'multiple',
            header: t('polls.multiple'),
            narrow: true,
            cell: (poll) => (poll.allowMultiple ? t('polls.yes') : t('polls.no')),
          },
          {
            id: 'created',
            header: t('polls.created'),
            narrow: true,
            cell: (poll) => <time dateTime={poll.created_at}>{format.day(poll.created_at)}</time>,
          },
        ]}
        rowActions={(poll) => (
          <Link
            to={`/admin/polls/${poll.id}`}
            className="button button-secondary button-small"
            aria-label={t('polls.editPoll', { title: poll.title })}
            data-testid="poll-edit"
          >
            {t('polls.edit')}
          </Link>
        )}
        onRemove={async (ids) => {
          const [only] = ids;
          await list.remove(ids, () =>
            ids.length === 1 && only !== undefined
              ? pollsApi.removePoll(Number(only))
              : pollsApi.removePolls(ids.map(Number)),
          );
          toast.show({ title: t('polls.removed', { count: ids.length }), tone: 'success' });
        }}
      />
    </div>
  );
}
