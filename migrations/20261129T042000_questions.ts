// Q&A in live rooms (issue 33, part 3). A question is a guest's own words and their name: both are sealed
// like a chat message's (ADR 0008), under the asker's participation (`participant:<id>` for the name,
// `participant:<id>:content` for the words), so erasing the asker or the lab's chat retention reaches
// them. Two events carry them: QuestionAsked and QuestionApproved (which hands the question to the guests
// who never received it asked).
//
// The sealing and opening functions are written out per event type (migration 20261129T010000 says why);
// this one adds its fields to personal_event_fields and writes the two functions and the trigger's list
// of types again from that whole table, so it keeps what any other migration listed there.
// The room module `questions` is on in every room, the ones already planned included.
import { type Kysely, type RawBuilder, sql } from 'kysely';

const QUESTION_FIELDS = ['QuestionAsked', 'QuestionApproved'].flatMap((type) => [
  { type, field: ['asker', 'name'], participant: ['asker', 'participantId'], purpose: 'identity' },
  { type, field: ['text'], participant: ['asker', 'participantId'], purpose: 'content' },
]);

const ROOM_MODULES_BEFORE = ['chat', 'polls', 'notes', 'stats', 'active_camera'];

type FieldRow = { event_type: string; field: string[]; participant: string[]; purpose: string };

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(values.map((value) => sql.lit(value)))}]::text[]`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const entry of QUESTION_FIELDS) {
    await sql`
      INSERT INTO personal_event_fields (event_type, field, participant, purpose)
      VALUES (${entry.type}, ${textArray(entry.field)}, ${textArray(entry.participant)}, ${entry.purpose})
    `.execute(db);
  }
  await writeSealing(db);
  await sql`
    ALTER TABLE rooms ALTER COLUMN active_modules SET DEFAULT ${textArray([...ROOM_MODULES_BEFORE, 'questions'])};
    UPDATE rooms SET active_modules = array_append(active_modules, 'questions')
      WHERE NOT ('questions' = ANY (active_modules));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE rooms SET active_modules = array_remove(active_modules, 'questions');
    ALTER TABLE rooms ALTER COLUMN active_modules SET DEFAULT ${textArray(ROOM_MODULES_BEFORE)};
    DELETE FROM personal_event_fields WHERE event_type IN ('QuestionAsked', 'QuestionApproved');
  `.execute(db);
  await writeSealing(db);
}

/** seal_session_event_data, open_session_event_data and the trigger's types, from personal_event_fields. */
async function writeSealing(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<FieldRow>`
    SELECT event_type, field, participant, purpose FROM personal_event_fields ORDER BY event_type, field
  `.execute(db);
  const types = [...new Set(rows.map((row) => row.event_type))];
  const pathOf = (path: readonly string[]) => sql.lit(`{${path.join(',')}}`);
  const branches = (each: (row: FieldRow) => RawBuilder<unknown>) =>
    sql.join(
      types.map(
        (type) =>
          sql`WHEN ${sql.lit(type)} THEN ${sql.join(
            rows.filter((row) => row.event_type === type).map(each),
            sql` `,
          )}`,
      ),
      sql` `,
    );
  const sealed = branches((row) => {
    const field = pathOf(row.field);
    const subject = sql`'participant:' || (v_data #>> ${pathOf(row.participant)})${
      row.purpose === 'content' ? sql` || ':content'` : sql``
    }`;
    return sql`IF jsonb_typeof(v_data #> ${field}) = 'string' THEN
        v_data := jsonb_set(v_data, ${field}, to_jsonb(seal_personal(${subject}, p_lab, v_data #>> ${field})));
      END IF;`;
  });
  const opened = branches((row) => {
    const field = pathOf(row.field);
    return sql`IF jsonb_typeof(v_data #> ${field}) = 'string' THEN
        v_data := jsonb_set(v_data, ${field}, to_jsonb(open_personal(v_data #>> ${field})));
      END IF;`;
  });
  await sql`
    CREATE OR REPLACE FUNCTION seal_session_event_data(p_type text, p_data jsonb, p_lab bigint) RETURNS jsonb
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_data jsonb := p_data;
    BEGIN
      CASE p_type ${sealed} ELSE NULL;
      END CASE;
      RETURN v_data;
    END
    $fn$;

    CREATE OR REPLACE FUNCTION open_session_event_data(p_type text, p_data jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE AS $fn$
    DECLARE
      v_data jsonb := p_data;
    BEGIN
      CASE p_type ${opened} ELSE NULL;
      END CASE;
      RETURN v_data;
    END
    $fn$;

    DROP TRIGGER session_events_seal ON session_events;
    CREATE TRIGGER session_events_seal BEFORE INSERT ON session_events FOR EACH ROW
      WHEN (NEW.type IN (${sql.join(types.map((type) => sql.lit(type)))}))
      EXECUTE FUNCTION session_events_seal();
  `.execute(db);
}
