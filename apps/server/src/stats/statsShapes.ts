// The statistics as the spec's calls answer them: rows of the `sessions` projection shaped into the
// domain's types.
import {
  type ClosedEventSummary,
  consumedMinutes,
  optionShares,
  type ParticipantConsent,
  type PollStatsRow,
  type RoomSessionStats,
  splitDuration,
} from '@lablive/domain';
import type { StatsAttendanceView, StatsSessionsView } from '../db/schema.ts';
import type { ClosedEventRecord, PollStatsRecord } from './stats.repository.ts';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function toSummary(record: ClosedEventRecord): ClosedEventSummary {
  const { days, hours, minutes } = splitDuration(record.length_minutes);
  return {
    event_id: record.event_id,
    name: record.name,
    date: (record.first_start ?? record.planned_start_date).toISOString(),
    admin: record.admin,
    invitation_total_count: record.invitations,
    participant_total_count: record.participants,
    event_duration_days: days,
    event_duration_hour: hours,
    event_duration_minute: minutes,
    consumed_minutes: record.minutes,
  };
}

export function toRoomSession(
  session: StatsSessionsView,
  attendance: readonly StatsAttendanceView[],
  consents: ReadonlyMap<number, ParticipantConsent[]>,
): RoomSessionStats {
  return {
    room_id: session.room_id,
    number: session.session_number,
    started_at: session.started_at.toISOString(),
    ended_at: iso(session.ended_at),
    closed: session.closed,
    consumed_minutes: consumedMinutes(session.consumed_ms),
    messages: session.messages,
    votes: session.votes,
    speak_requests: session.speak_requests,
    shares: session.shares,
    participants: attendance.map((row) => ({
      participant_id: row.participant_id,
      name: row.name,
      role: row.role,
      intervals: row.intervals,
      present_seconds: Math.round(row.present_ms / 1000),
      talk_seconds: Math.round(row.talk_ms / 1000),
      messages: row.messages,
      votes: row.votes,
      speak_requests: row.speak_requests,
      consents: consents.get(row.participant_id) ?? [],
    })),
  };
}

export function toPollRow(record: PollStatsRecord): PollStatsRow {
  return {
    id: record.poll_id,
    room_id: record.room_id,
    event_id: record.event_id,
    event_name: record.event_name,
    name: record.title,
    question: record.question,
    type: record.allow_multiple ? 'multiple' : 'single',
    voters: record.voter_count,
    answers: optionShares(record.options, record.counts, record.voter_count).map(
      ({ option, count, percentage }) => ({ name: option, count, value: percentage }),
    ),
    started_at: iso(record.started_at),
  };
}
