// A lab's storage quota (LAB_STORAGE_QUOTA_BYTES): what its documents and media builds may hold
// together on the platform's disk. An upload that would take the lab past it is refused (413, as the
// other size limits are) with the quota and what the lab holds, so whoever meets it knows what to
// delete. Checked twice for a build: from its declared sizes before a byte is extracted, then with the
// bytes written, under the lab's storage lock, in the transaction that records them, so two uploads at
// once cannot both fit in the room that only one of them has.
import { DomainError, formatByteSize } from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { labStoredBytes, lockLabStorage, type StoredItem } from './labStorage.repository.ts';

export type StorageChange = {
  labId: number;
  /** What the upload will hold on disk (a document's file, a build once extracted). */
  addingBytes: number;
  /** What it replaces (a document's file, a media's build), freed when it is in. */
  replacing?: StoredItem;
  /** The upload as the refusal names it: "this build once extracted", "this file". */
  what: string;
};

/** Refuses (413) a change that would take the lab past `quotaBytes`, naming the quota and the lab's use. */
export async function checkStorageRoom(db: Db, quotaBytes: number, change: StorageChange): Promise<void> {
  const used = await labStoredBytes(db, change.labId, change.replacing);
  if (used + change.addingBytes <= quotaBytes) return;
  throw new DomainError(
    'payload_too_large',
    storageQuotaRefusal(change.what, change.addingBytes, quotaBytes, used),
  );
}

/** The refusal's sentence (the domain's REFUSALS.storageQuota, which pages translate). */
export function storageQuotaRefusal(
  what: string,
  addingBytes: number,
  quotaBytes: number,
  usedBytes: number,
) {
  return `file: ${what} takes ${formatByteSize(addingBytes)}, which would bring the lab past its storage quota of ${formatByteSize(quotaBytes)}: its documents and media builds already hold ${formatByteSize(usedBytes)}. Delete documents or medias it no longer needs, or ask the platform's administrator for a larger quota.`;
}

/**
 * The same under the lab's storage lock, held until `trx` ends: call it in the transaction that records
 * the upload's bytes.
 */
export async function reserveStorageRoom(trx: Db, quotaBytes: number, change: StorageChange): Promise<void> {
  await lockLabStorage(trx, change.labId);
  await checkStorageRoom(trx, quotaBytes, change);
}
