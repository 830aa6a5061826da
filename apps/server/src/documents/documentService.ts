// The lab's documents as the routes run them (back-office spec 2.7 and 7, live-room spec 7): uploaded
// (a name and a file whose type is read from its bytes), renamed, given a new file, deleted, listed,
// downloaded. Everything is scoped to the caller's lab: another lab's document is as absent as an
// unknown one. A deleted document stays as a tombstone whose file is gone: its download answers 410
// Gone, and the sessions and download records that name it keep their history (docs/protocol.md).
// Every download is recorded (who, from which room) for the statistics. A new file must fit in the lab's
// storage quota (labs/storageQuota.ts), checked in the transaction that records it.
import { randomUUID } from 'node:crypto';
import {
  type AdminDocument,
  DomainError,
  documentNameSchema,
  forbidden,
  type IdsRequest,
  invalid,
  type LabDocument,
  MESSAGES,
  notFound,
  type ParticipantView,
  type Principal,
} from '@lablive/domain';
import { type Caller, holds, personOf } from '../access/caller.ts';
import { picksOwnRoom } from '../access/roomAccess.ts';
import type { Db } from '../db/connection.ts';
import { findRoomInLab } from '../events/rooms.repository.ts';
import { sanitizeFileName } from '../files/fileNames.ts';
import { keepReceivedFile, openStoredFile, type ReceivedFile, removeStoredFile } from '../files/files.ts';
import { detectDocumentType } from '../files/fileTypes.ts';
import { reserveStorageRoom } from '../labs/storageQuota.ts';
import { findOwnParticipation, hostsOpenLabEvent } from '../participants/participants.repository.ts';
import type { RoomService } from '../rooms/roomService.ts';
import {
  type DocumentFile,
  findDocumentInLab,
  insertDocument,
  listLabDocuments,
  markDocumentsDeleted,
  recordDocumentDownload,
  type StoredDocument,
  toAdminDocument,
  toLabDocument,
  updateDocument,
} from './documents.repository.ts';

/** An upload as the multipart request brought it: the fields as sent, the file already received. */
export type DocumentUpload = {
  name: string | undefined;
  file: ReceivedFile | undefined;
  /** The file's name as the client sent it (a hint, sanitised before it is kept). */
  sentFileName: string | undefined;
};

export type DocumentServiceDeps = {
  db: Db;
  rooms: RoomService;
  filesDir: string;
  now: () => Date;
  /** What a lab's documents and media builds may hold together (LAB_STORAGE_QUOTA_BYTES). */
  storageQuotaBytes: number;
  /** Where a file that could not be removed is reported (it stays on disk, unreachable). */
  log: { warn(details: object, message: string): void };
};

export type DocumentService = ReturnType<typeof createDocumentService>;

function parseName(name: string | undefined): string {
  const parsed = documentNameSchema.safeParse(name ?? '');
  if (!parsed.success) throw invalid('name', parsed.error.issues[0]?.message ?? MESSAGES.fieldRequired);
  return parsed.data;
}

function staffOnly(principal: Principal): number {
  if (principal.kind !== 'user') throw forbidden('Only lab staff manage documents.');
  return principal.userId;
}

const goneMessage = (document: StoredDocument) =>
  `The document "${document.name}" was deleted by its lab and can no longer be downloaded.`;

export function createDocumentService(deps: DocumentServiceDeps) {
  return {
    /** The lab's documents, newest first, as the back office lists them. */
    list: async (principal: Principal): Promise<AdminDocument[]> =>
      (await listLabDocuments(deps.db, principal.labId)).map(toAdminDocument),

    /** The lab's documents as the room's share panel lists them. */
    /** The lab's library as the share panel lists it: for document managers and the hosts of an open event. */
    async listForRooms(caller: Caller): Promise<LabDocument[]> {
      const { principal } = caller;
      if (!holds(principal, 'manage_documents') && !(await hostsOpenLabEvent(deps.db, personOf(caller)))) {
        throw forbidden("Lab documents are for document managers and the hosts of the lab's events.");
      }
      return (await listLabDocuments(deps.db, principal.labId)).map(toLabDocument);
    },

    get: async (principal: Principal, id: number): Promise<AdminDocument> =>
      toAdminDocument(await findDocument(deps, principal, id)),

    /** POST documents: a new document from a name and a file (both required). */
    async create(principal: Principal, upload: DocumentUpload): Promise<AdminDocument> {
      staffOnly(principal);
      const name = parseName(upload.name);
      const file = await acceptFile(deps, principal.labId, upload);
      try {
        const stored = await deps.db.transaction().execute(async (trx) => {
          await reserveStorageRoom(trx, deps.storageQuotaBytes, {
            labId: principal.labId,
            addingBytes: file.sizeBytes,
            what: 'this file',
          });
          return insertDocument(trx, principal.labId, name, file, deps.now());
        });
        return toAdminDocument(stored);
      } catch (error) {
        await removeFiles(deps, [file.storageKey]);
        throw error;
      }
    },

    /** PUT documents/{id}: a new name. */
    async rename(principal: Principal, id: number, name: string): Promise<AdminDocument> {
      staffOnly(principal);
      const changed = await updateDocument(deps.db, principal.labId, id, { name: parseName(name) });
      if (!changed) throw notFound('document', id);
      return toAdminDocument(changed.after);
    },

    /**
     * PUT documents/{id}/file: a new file for the document (and a new name when one is sent). The id,
     * its shares and its download history stay; the old file is removed once the new one is in place.
     */
    replaceFile: (principal: Principal, id: number, upload: DocumentUpload) =>
      replaceFile(deps, principal, id, upload),

    async remove(principal: Principal, id: number): Promise<void> {
      const keys = await markDocumentsDeleted(deps.db, principal.labId, [id], {
        userId: staffOnly(principal),
        at: deps.now(),
      });
      if (keys.length === 0) throw notFound('document', id);
      await removeFiles(deps, keys);
    },

    /** Deletes those of `ids` that are the lab's documents; the others are not counted. */
    async removeMany(principal: Principal, { ids }: IdsRequest): Promise<{ removed: number }> {
      const keys = await markDocumentsDeleted(deps.db, principal.labId, ids, {
        userId: staffOnly(principal),
        at: deps.now(),
      });
      await removeFiles(deps, keys);
      return { removed: keys.length };
    },

    /**
     * A download: lab staff any document of their lab (from the room `roomId` names, if any), a guest one
     * shared now in their room. A deleted document answers 410. The download is recorded.
     */
    download: (caller: Caller, id: number, roomId: number | undefined) => download(deps, caller, id, roomId),
  };
}

async function findDocument(
  { db }: DocumentServiceDeps,
  principal: Principal,
  id: number,
): Promise<StoredDocument> {
  const document = await findDocumentInLab(db, principal.labId, id);
  if (!document) throw notFound('document', id);
  return document;
}

async function removeFiles({ filesDir, log }: DocumentServiceDeps, keys: readonly string[]) {
  for (const key of keys) {
    try {
      await removeStoredFile(filesDir, key);
    } catch (error) {
      log.warn({ err: error, storageKey: key }, 'document file not removed');
    }
  }
}

/**
 * Checks a received file (there, not empty, of an accepted type) and gives it its place in the store:
 * a key of ours under the lab's folder, named with the detected type's extension.
 */
async function acceptFile(
  { filesDir }: DocumentServiceDeps,
  labId: number,
  upload: DocumentUpload,
): Promise<DocumentFile> {
  const { file } = upload;
  if (!file) throw invalid('file', MESSAGES.fieldRequired);
  if (file.size === 0) throw invalid('file', 'is empty');
  const detection = await detectDocumentType(file, upload.sentFileName);
  if (!detection.accepted) {
    throw new DomainError(
      'unsupported_media_type',
      `file: its content is ${detection.detected}, which is not accepted as a document (PDF, images, Office files, MP4 or plain text).`,
    );
  }
  const { ext } = detection.type;
  const storageKey = `documents/${labId}/${randomUUID()}.${ext}`;
  await keepReceivedFile(filesDir, file, storageKey);
  return {
    extension: ext,
    contentType: detection.contentType,
    sizeBytes: file.size,
    storageKey,
    fileName: sanitizeFileName(upload.sentFileName, ext),
  };
}

/**
 * Whether the document is shared now in a room where the guest is: their own room, or for staff
 * roles (who move between rooms) any room of the event they are present in. Answers that room. Only
 * those rooms are read, so a download does not wake every room of the event.
 */
async function roomSharingWithGuest(
  { db, rooms }: DocumentServiceDeps,
  guest: Principal,
  participant: ParticipantView,
  documentId: number,
): Promise<number | null> {
  const candidates = picksOwnRoom(guest, participant.role)
    ? (await db.selectFrom('rooms').select('id').where('event_id', '=', participant.event_id).execute()).map(
        (room) => room.id,
      )
    : participant.room_id === null
      ? []
      : [participant.room_id];
  for (const roomId of candidates) {
    const { state } = await rooms.snapshot(roomId);
    const present =
      participant.room_id === roomId || state.viewers.some((viewer) => viewer.id === participant.id);
    if (present && state.sharedDocuments.some((document) => document.id === documentId)) return roomId;
  }
  return null;
}

/** Who downloads, and from where: a guest from the room sharing it, staff from the room they name. */
async function downloadContext(
  deps: DocumentServiceDeps,
  caller: Caller,
  document: StoredDocument,
  roomId: number | undefined,
) {
  const { db } = deps;
  const { principal } = caller;
  const person = { principal, email: caller.user.email };
  if (principal.kind === 'guest') {
    const participation = await findOwnParticipation(db, person, principal.eventId);
    const sharedIn =
      participation === undefined
        ? null
        : await roomSharingWithGuest(deps, principal, participation, document.id);
    if (participation === undefined || sharedIn === null) {
      throw forbidden('This document is not shared in your room.');
    }
    return {
      userId: null,
      participantId: participation.id,
      eventId: participation.event_id,
      roomId: sharedIn,
    };
  }
  if (roomId === undefined)
    return { userId: principal.userId, participantId: null, eventId: null, roomId: null };
  const room = await findRoomInLab(db, principal.labId, roomId);
  if (!room) throw notFound('room', roomId);
  const participation = await findOwnParticipation(db, person, room.event_id);
  return {
    userId: principal.userId,
    participantId: participation?.id ?? null,
    eventId: room.event_id,
    roomId: room.id,
  };
}

/**
 * PUT documents/{id}/file: a new file for the document (and a new name when one is sent). The id,
 * its shares and its download history stay; the old file is removed once the new one is in place.
 */
async function replaceFile(
  deps: DocumentServiceDeps,
  principal: Principal,
  id: number,
  upload: DocumentUpload,
): Promise<AdminDocument> {
  const { db, storageQuotaBytes } = deps;
  staffOnly(principal);
  const name = upload.name === undefined ? undefined : parseName(upload.name);
  await findDocument(deps, principal, id);
  const file = await acceptFile(deps, principal.labId, upload);
  let changed: Awaited<ReturnType<typeof updateDocument>>;
  try {
    changed = await db.transaction().execute(async (trx) => {
      // The old file goes once the new one is in: only the new one counts.
      await reserveStorageRoom(trx, storageQuotaBytes, {
        labId: principal.labId,
        addingBytes: file.sizeBytes,
        replacing: { documentId: id },
        what: 'this file',
      });
      return updateDocument(trx, principal.labId, id, { ...(name === undefined ? {} : { name }), file });
    });
  } catch (error) {
    await removeFiles(deps, [file.storageKey]);
    throw error;
  }
  if (!changed) {
    // Deleted meanwhile: the new file has no document to belong to.
    await removeFiles(deps, [file.storageKey]);
    throw notFound('document', id);
  }
  await removeFiles(deps, [changed.before.storage_key]);
  return toAdminDocument(changed.after);
}

/**
 * A download: lab staff any document of their lab (from the room `roomId` names, if any), a guest one
 * shared now in their room. A deleted document answers 410. The download is recorded.
 */
async function download(deps: DocumentServiceDeps, caller: Caller, id: number, roomId: number | undefined) {
  const { db, filesDir, now } = deps;
  const document = await findDocumentInLab(db, caller.principal.labId, id, { withDeleted: true });
  if (!document) throw notFound('document', id);
  const context = await downloadContext(deps, caller, document, roomId);
  if (document.deleted_at !== null) throw new DomainError('gone', goneMessage(document));
  let file: Awaited<ReturnType<typeof openStoredFile>>;
  try {
    file = await openStoredFile(filesDir, document.storage_key);
  } catch (cause) {
    // A row without its file is our fault, not the caller's: 500, logged with the request id.
    throw new Error(`the file of document ${document.id} cannot be read`, { cause });
  }
  try {
    await recordDocumentDownload(db, {
      labId: caller.principal.labId,
      documentId: document.id,
      ...context,
      at: now(),
    });
  } catch (error) {
    file.stream.destroy();
    throw error;
  }
  return { document, file };
}
