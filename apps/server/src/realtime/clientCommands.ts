// A client's command as the room should see it: what the client may not decide is taken from the
// connection and from our records, never from the message. The room then decides on trusted input.
import { type RoomCommand, roomRejection } from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import type { Db } from '../db/connection.ts';
import { resolveDocumentShare } from '../documents/documentShares.ts';

export type TrustedCommand =
  | { ok: true; command: RoomCommand }
  | { ok: false; code: string; message: string };

/**
 * Joins and leaves name this socket's own connection, whatever id the client wrote. A document share
 * names the caller's lab's documents by id; their names come from the database, as for the REST route
 * (documentShares.ts), and an id of another lab or of no document is refused.
 */
export async function trustedCommand(
  db: Db,
  caller: Caller,
  command: RoomCommand,
  connectionId: string,
): Promise<TrustedCommand> {
  switch (command.type) {
    case 'JoinRoom':
      return { ok: true, command: { type: 'JoinRoom', data: { connectionId } } };
    case 'LeaveRoom':
      return {
        ok: true,
        command: { type: 'LeaveRoom', data: { connectionId, reason: command.data.reason } },
      };
    case 'ShareDocuments': {
      const ids = command.data.documents.map((document) => document.id);
      const share = await resolveDocumentShare(db, caller.principal.labId, ids);
      if (share.ok)
        return { ok: true, command: { type: 'ShareDocuments', data: { documents: share.documents } } };
      return { ok: false, ...roomRejection('document_not_found', `(document ${share.missingId})`) };
    }
    default:
      return { ok: true, command };
  }
}
