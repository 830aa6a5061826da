// Documents in a live room: those shared now, sharing documents of the caller's lab, and taking one
// back. Whether the caller may share (an animator present in the room, module share_document) is the
// room's decision; who is in the room at all is resolveRoomAccess's, as for the socket.
import { DomainError, type Principal, type RoomActor } from '@lablive/domain';
import { resolveRoomAccess } from '../access/roomAccess.ts';
import type { Db } from '../db/connection.ts';
import { resolveDocumentShare } from '../documents/documentShares.ts';
import type { RoomService } from '../rooms/roomService.ts';
import { executeRestCommand } from './restCommands.ts';
import { visibleRoomState } from './restRoomViews.ts';

export type RoomDocuments = ReturnType<typeof createRoomDocuments>;

export function createRoomDocuments(deps: { db: Db; rooms: RoomService }) {
  const { db, rooms } = deps;

  async function sharedNow(roomId: number, actor: RoomActor) {
    const state = await visibleRoomState(rooms, roomId, actor);
    return state.sharedDocuments.map((document) => ({ ...document, shared: true as const }));
  }

  return {
    async shared(principal: Principal, roomId: number) {
      const { actor } = await resolveRoomAccess(db, principal, roomId);
      return sharedNow(roomId, actor);
    },

    /** Shares documents of the caller's lab (another lab's id answers 404); answers those shared now. */
    async share(principal: Principal, roomId: number, documentIds: readonly number[], requestId: string) {
      const { actor } = await resolveRoomAccess(db, principal, roomId);
      const share = await resolveDocumentShare(db, principal.labId, documentIds);
      if (!share.ok) throw new DomainError('not_found', `No document ${share.missingId}.`);
      await executeRestCommand(rooms, {
        roomId,
        actor,
        command: { type: 'ShareDocuments', data: { documents: share.documents } },
        requestId,
      });
      return sharedNow(roomId, actor);
    },

    async unshare(principal: Principal, roomId: number, documentId: number | undefined, requestId: string) {
      const { actor } = await resolveRoomAccess(db, principal, roomId);
      if (documentId === undefined) throw new DomainError('validation', 'document: send the id to unshare.');
      await executeRestCommand(rooms, {
        roomId,
        actor,
        command: { type: 'UnshareDocument', data: { documentId } },
        requestId,
      });
      return sharedNow(roomId, actor);
    },
  };
}
