// A lab's retention applied (the daily job of forgettingJobs.ts): past `chat_retention_days` after an
// event's end, what its participants wrote (chat, notes) is erased by deleting their content keys;
// past `attendance_retention_days`, who attended is: participations anonymised and their identity keys
// deleted. Each lab's pass is one transaction and one entry of the trail (counts, the rule, no data).
// Pharmacovigilance reports are never touched: they have their own legal retention.

import { insertAuditEntry } from '../audit/audit.repository.ts';
import type { Db } from '../db/connection.ts';
import { anonymiseParticipants, deleteKeys, dropRoomSnapshotsOfEvents } from './erasure.repository.ts';
import { participantContentSubject, participantIdentitySubject } from './personalSubjects.ts';
import {
  type Expired,
  participationsPastAttendanceRetention,
  participationsPastChatRetention,
} from './retention.repository.ts';

export type RetentionPass = { labs: number; chatParticipations: number; attendanceParticipations: number };

const SYSTEM = {
  kind: 'system',
  userId: null,
  participantId: null,
  name: null,
  email: null,
  roles: [],
} as const;

function byLab(rows: readonly Expired[]): Map<number, Expired[]> {
  const labs = new Map<number, Expired[]>();
  for (const row of rows) {
    const ofLab = labs.get(row.labId);
    if (ofLab) ofLab.push(row);
    else labs.set(row.labId, [row]);
  }
  return labs;
}

export async function applyRetention(db: Db, now: Date): Promise<RetentionPass> {
  const [chat, attendance] = await Promise.all([
    participationsPastChatRetention(db, now),
    participationsPastAttendanceRetention(db, now),
  ]);
  const chatByLab = byLab(chat);
  const attendanceByLab = byLab(attendance);
  const labIds = new Set([...chatByLab.keys(), ...attendanceByLab.keys()]);
  for (const labId of labIds) {
    const chatRows = chatByLab.get(labId) ?? [];
    const attendanceRows = attendanceByLab.get(labId) ?? [];
    await db.transaction().execute(async (trx) => {
      const attendees = attendanceRows.map((row) => row.participantId);
      await anonymiseParticipants(trx, attendees);
      const keys = await deleteKeys(trx, [
        ...chatRows.map((row) => participantContentSubject(row.participantId)),
        ...attendees.map(participantIdentitySubject),
      ]);
      await dropRoomSnapshotsOfEvents(trx, [
        ...new Set([...chatRows, ...attendanceRows].map((row) => row.eventId)),
      ]);
      const rules = [
        ...(chatRows[0] ? [`chat and notes kept ${chatRows[0].days} days after an event`] : []),
        ...(attendanceRows[0] ? [`attendance kept ${attendanceRows[0].days} days after an event`] : []),
      ];
      await insertAuditEntry(trx, {
        labId,
        actor: SYSTEM,
        timeZone: null,
        action: 'erase',
        recordType: 'lab',
        recordId: String(labId),
        changes: [
          { field: 'chat and notes of participations', old: null, new: chatRows.length },
          { field: 'attendance of participations', old: null, new: attendanceRows.length },
          { field: 'keys', old: null, new: keys },
        ],
        reason: `Retention: ${rules.join('; ')}`,
        via: 'daily retention job',
      });
    });
  }
  return {
    labs: labIds.size,
    chatParticipations: chat.length,
    attendanceParticipations: attendance.length,
  };
}
