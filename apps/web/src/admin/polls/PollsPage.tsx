// The polls page (/admin/polls; back-office spec 2.6): the lab's prepared polls, newest first, 5, 15, 30
// or 50 a page, each title edited in place (Enter or leaving the field saves it, shown at once, put back
// with a visible error when refused), each poll opened in its form (Edit) or deleted, one by one or
// checked and removed together, with the spec's confirmations. Add Poll opens the empty form. The room's
// animators find these polls in their poll panel.
import { POLL_PAGE_SIZES, type PollView } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useToast } from '../../components/toasts/useToast.ts';
import { useFormat } from '../../format/useFormat.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { pollsApi } from '../adminApi.ts';
import { ListPage } from '../ListPage.tsx';
import { AdminList } from '../list/AdminList.tsx';
import { inlineTextColumn } from '../list/inlineTextColumn.tsx';
import { removeOneOrMany } from '../list/removeOneOrMany.ts';
import { useOptimisticRows } from '../list/useOptimisticRows.ts';
import { pollKeys, usePolls } from '../resources/polls.ts';
import { titleProblem, withTitle } from './pollTitle.ts';
import './polls.css';

export function PollsPage() {
  const { t } = useTranslation('admin');
  const { state } = useLoadedQuery(usePolls());
  return (
    <ListPage
      titleId="polls-title"
      title={t('polls.title')}
      add={{ to: '/admin/polls/create', label: t('polls.add'), testId: 'add-poll' }}
      intro={t('polls.intro')}
      state={state}
      errorTestId="polls-error"
    >
      {(polls) => <Polls loaded={polls} />}
    </ListPage>
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
          inlineTextColumn({
            id: 'title',
            header: t('polls.pollTitle'),
            testId: 'poll-title',
            value: (poll) => poll.title,
            label: (poll) => t('polls.titleOf', { title: poll.title }),
            validate: (title, poll) => titleProblem(poll, title),
            commit: (poll, title) =>
              // An empty title becomes the question, as the server stores it.
              void list.change(pollId(poll), { title: title === '' ? poll.question : title }, () =>
                pollsApi.editPoll(poll.id, withTitle(poll, title)),
              ),
          }),
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
        onRemove={async (ids, reason) => {
          await list.remove(ids, () =>
            removeOneOrMany(ids, pollsApi.removePoll, pollsApi.removePolls, reason),
          );
          toast.show({ title: t('polls.removed', { count: ids.length }), tone: 'success' });
        }}
      />
    </div>
  );
}
