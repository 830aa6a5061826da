// An event's questions for its statistics (issue 33, part 3): each room's questions as the room holds them
// at the end of its log (folded by the replay's own code, replay/roomAtInstant.ts), with who asked. The caller's
// right to see the event is the statistics service's to check before.
import { type QuestionStatsRow, questionStatsRows } from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { roomAtEnd } from '../replay/roomAtInstant.ts';

export async function eventQuestions(
  db: Db,
  labId: number,
  roomIds: Iterable<number>,
): Promise<QuestionStatsRow[]> {
  const rows: QuestionStatsRow[] = [];
  for (const roomId of [...roomIds].sort((a, b) => a - b)) {
    rows.push(...questionStatsRows(roomId, (await roomAtEnd(db, labId, roomId)).questions));
  }
  return rows;
}
