// The poll page (/admin/polls/create and /admin/polls/{id}; back-office spec 2.6 and 5): the room's own
// poll form (title, the question when left empty; question; two to ten answer options, three to a
// line here; multiple choice; Save and Cancel), edited with the same `editPollForm` and checked with the
// domain's `parsePollForm` as the room's animators' form; saved, it says 'Poll created!' or 'Poll
// updated!' and goes back to the list, refused it says why under the form.
import { type PollView, parsePollForm } from '@lablive/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../components/toasts/useToast.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { PollForm } from '../../room/sidebar/polls/PollForm.tsx';
import {
  EMPTY_POLL_FORM,
  editPollForm,
  type PollFormValues,
  pollFormOf,
} from '../../room/sidebar/polls/pollForm.ts';
import type { PollProblem } from '../../room/sidebar/polls/pollMachine.ts';
import { pollsApi } from '../adminApi.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import { RecordFormRoute } from '../RecordRoutes.tsx';
import { pollKeys, usePoll } from '../resources/polls.ts';
import './polls.css';

const LIST = '/admin/polls';

export function PollFormPage() {
  return (
    <RecordFormRoute list={LIST} useRecord={usePoll} errorTestId="poll-form-error">
      {(poll, key) => <PollFormView key={key} poll={poll} />}
    </RecordFormRoute>
  );
}

function PollFormView({ poll }: { poll: PollView | null }) {
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const toast = useToast();
  const invalidate = useInvalidate();
  const [form, setForm] = useState<PollFormValues>(poll === null ? EMPTY_POLL_FORM : pollFormOf(poll));
  const [problem, setProblem] = useState<PollProblem | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    const check = parsePollForm(form);
    if (!check.ok) {
      setProblem({ kind: 'form', reason: check.reason });
      return;
    }
    setFailure(null);
    setSaving(true);
    try {
      if (poll === null) {
        await pollsApi.createPoll(form);
        toast.show({ title: ta('pollForm.created'), tone: 'success', testId: 'poll-form-saved' });
      } else {
        await pollsApi.editPoll(poll.id, form);
        toast.show({ title: ta('pollForm.updated'), tone: 'success', testId: 'poll-form-saved' });
      }
      invalidate.afterSave(pollKeys.all);
      navigate(LIST);
    } catch (error) {
      setFailure(toFailure(error));
      setSaving(false);
    }
  }

  return (
    <section className="admin-page" aria-labelledby="poll-form-title">
      <h1 id="poll-form-title">{poll === null ? ta('pollForm.createTitle') : ta('pollForm.editTitle')}</h1>
      <div className="poll-admin-form" data-testid="poll-form">
        <PollForm
          name="poll-form"
          heading={poll === null ? ta('pollForm.createTitle') : ta('pollForm.editTitle')}
          labelledBy="poll-form-title"
          className="poll-form-page"
          optionTestId={() => 'poll-form-option'}
          submitLabel={ta('pollForm.save')}
          busy={saving}
          form={form}
          problem={problem}
          onEdit={(edit) => {
            // A reason said, or a refused save, is taken back as soon as the form changes.
            setProblem(null);
            setFailure(null);
            setForm((current) => editPollForm(current, edit));
          }}
          onSubmit={() => void save()}
          onCancel={() => navigate(LIST)}
        />
        {failure !== null && <LoadFailure failure={failure} testId="poll-save-error" />}
      </div>
    </section>
  );
}
