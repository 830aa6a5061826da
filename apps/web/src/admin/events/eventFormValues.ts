// The event form's starting values: the spec's defaults for a new event (one room, automatic
// distribution, 09:00 to 18:00 today in the planner's time zone, the first media), or the event's own
// values, its day and times read on its own time zone's clocks.
import {
  EVENT_DEFAULTS,
  type EventFormInput,
  type LabEventDetails,
  type MediaSummary,
  storedEventForm,
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
    lobby: false,
    date: wallClock(now, timeZone).day,
    start_time: EVENT_DEFAULTS.startTime,
    end_time: EVENT_DEFAULTS.endTime,
    default_timezone: timeZone,
  };
}

/** The event's own values (the domain's: the same a partial PUT starts from). */
export const editEventValues = (event: LabEventDetails): EventFormInput => storedEventForm(event);
