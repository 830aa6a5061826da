// A text that may hold erased personal values (erased.ts): each one said in the reader's language, in
// italics. The word is the text itself, so a screen reader says what the eye reads ("erased").
import { useTranslation } from 'react-i18next';
import { erasableParts } from './erased.ts';

export function ErasableText({ text }: { text: string }) {
  const { t } = useTranslation();
  const parts = erasableParts(text, t('common.erased'));
  // Nothing erased: the text as it is, with no wrapper.
  if (parts.every((part) => !part.erased)) return text;
  return (
    <>
      {parts.map((part, index) =>
        part.erased ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <em key={index} className="erased-value" data-erased="true">
            {part.text}
          </em>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
