// The event form's starting values: the spec's defaults for a new event (one room, automatic
// distribution, 09:00 to 18:00 today in the planner's time zone, the first media), or the event's own
// values, its day and times read on its own time zone's clocks.
import {
  EVENT_DEFAULTS,
  type EventFormInput,
  type LabEventDetails,
  type MediaSummary,
  wallClock,
} from '@lablive/domain';

export function newEventValues(medias: readonly MediaSummary[], now: Date, timeZone: string): EventFormInput {
  const first = medias[0];
  return {
    name: '',
    description: '',
    rooms_needed: EVENT_DEFAULTS.rooms,
    auto_dispatcher: true,
    is_public: false,
    medias: first === undefined ? [] : [first.id],
    email_relaunch_J7: false,
    email_relaunch_J1: false,
    email_relaunch_h1: false,
    date: wallClock(now, timeZone).day,
    start_time: EVENT_DEFAULTS.startTime,
    end_time: EVENT_DEFAULTS.endTime,
    default_timezone: timeZone,
  };
}

export function editEventValues(event: LabEventDetails): EventFormInput {
  const start = wallClock(event.planned_start_date, event.default_timezone);
  const end = wallClock(event.planned_end_date, event.default_timezone);
  return {
    name: event.name,
    description: event.description,
    rooms_needed: event.rooms_needed,
    auto_dispatcher: event.auto_dispatcher,
    is_public: event.is_public,
    medias: event.medias.map((media) => media.id),
    email_relaunch_J7: event.email_relaunch_J7,
    email_relaunch_J1: event.email_relaunch_J1,
    email_relaunch_h1: event.email_relaunch_h1,
    date: start.day,
    start_time: start.time,
    end_time: end.time,
    default_timezone: event.default_timezone,
  };
}
