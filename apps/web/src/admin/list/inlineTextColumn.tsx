// A list column whose value is edited in place (InlineText): a document's, a media's or a group's name,
// a poll's title, a receiver's e-mail. The page says how a row's value reads, what the field is called
// for a screen reader, what a value breaks, and what a committed value saves.
import type { ListColumn } from './AdminList.tsx';
import { InlineText } from './InlineText.tsx';

type InlineTextColumn<Row> = {
  id: string;
  header: string;
  testId: string;
  value: (row: Row) => string;
  label: (row: Row) => string;
  validate: (value: string, row: Row) => string | null;
  commit: (row: Row, value: string) => void;
  /** A row whose value may not be edited yet (saving). */
  disabled?: (row: Row) => boolean;
};

export function inlineTextColumn<Row>(column: InlineTextColumn<Row>): ListColumn<Row> {
  return {
    id: column.id,
    header: column.header,
    cell: (row) => (
      <InlineText
        value={column.value(row)}
        label={column.label(row)}
        validate={(value) => column.validate(value, row)}
        disabled={column.disabled?.(row)}
        testId={column.testId}
        onCommit={(value) => column.commit(row, value)}
      />
    ),
  };
}
