// Which media server carries a room's video (table media_room_servers).
import type { Db } from '../db/connection.ts';

export async function findRoomServer(db: Db, roomId: number): Promise<string | null> {
  const row = await db
    .selectFrom('media_room_servers')
    .select('server_url')
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return row?.server_url ?? null;
}

/**
 * Puts the room on `serverUrl` unless another instance placed it first, or, when `replacing` is given,
 * unless it was moved off that (lost) server already; answers the server the room is on now.
 */
export async function assignRoomServer(
  db: Db,
  roomId: number,
  serverUrl: string,
  replacing: string | null,
): Promise<string> {
  if (replacing === null) {
    await db
      .insertInto('media_room_servers')
      .values({ room_id: roomId, server_url: serverUrl })
      .onConflict((conflict) => conflict.column('room_id').doNothing())
      .execute();
  } else {
    await db
      .updateTable('media_room_servers')
      .set({ server_url: serverUrl, assigned_at: new Date() })
      .where('room_id', '=', roomId)
      .where('server_url', '=', replacing)
      .execute();
  }
  return (await findRoomServer(db, roomId)) ?? serverUrl;
}
