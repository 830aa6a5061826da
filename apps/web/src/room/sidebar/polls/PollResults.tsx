// A poll's results for animators (live-room spec, section 4): respondents, then each option's count
// and share of respondents as a bar. With multiple choice the shares may add up to more than 100 %.
import { type Poll, pollResults } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../format/useFormat.ts';

export function PollResults({ poll }: { poll: Poll }) {
  const { t } = useTranslation('room');
  const results = pollResults(poll);
  const format = useFormat();

  return (
    <div className="poll-results" data-testid={`poll-results-${poll.id}`}>
      <p className="poll-respondents" data-testid={`poll-count-${poll.id}`} data-count={results.respondents}>
        {t('polls.respondents', { count: results.respondents })}
      </p>
      <ul className="poll-result-list" aria-label={t('polls.results')}>
        {results.options.map((result, index) => (
          <li
            // Options are only told apart by their place in the poll.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className="poll-result"
            data-testid={`poll-result-${poll.id}-${index}`}
            data-count={result.count}
          >
            <span className="poll-result-label">
              {t('polls.optionResult', {
                option: result.option,
                count: result.count,
                percentage: format.percent(result.percentage, 1),
              })}
            </span>
            <span className="poll-bar" aria-hidden="true">
              <span style={{ width: `${Math.min(100, result.percentage)}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
