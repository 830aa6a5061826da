// Which media server (Janus) carries each room's video when a deployment runs several: chosen once
// (the least loaded) by whichever instance first needs it, so every instance sends the room's people to
// the same one, and replaced when that server is lost.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_room_servers')
    .addColumn('room_id', 'integer', (column) =>
      column.primaryKey().references('rooms.id').onDelete('cascade'),
    )
    .addColumn('server_url', 'text', (column) => column.notNull())
    .addColumn('assigned_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_room_servers').execute();
}
