// A value PostgreSQL refuses, for the tests of what a refused append costs: the database raises an error
// of SQLSTATE class 22 (data exception) on any session event whose text is `poison`, as it would for a
// value it cannot store, while every other event is stored as usual.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

export async function refusePoisonedText(db: Db): Promise<void> {
  await sql`
    CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.data->>'text' = 'poison' THEN
        RAISE EXCEPTION 'this test refuses the text poison' USING ERRCODE = '22023';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER refuse_poison BEFORE INSERT ON session_events
      FOR EACH ROW EXECUTE FUNCTION refuse_poison();
  `.execute(db);
}
