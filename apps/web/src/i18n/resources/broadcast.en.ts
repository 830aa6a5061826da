// English texts of broadcasting to every room of an event (issue 33, part 4), in the common namespace:
// the live room and the back office's event page both show them. Spread into en.ts.
import type { Widen } from './widen.ts';

export const broadcastEn = {
  broadcast: {
    open: 'To every room',
    title: 'To every room of the event',
    intro: 'What you send here reaches every room of the event at once.',
    close: 'Close',
    message: 'Message',
    messageLabel: 'Message to every room',
    messageHint: 'Shown in every room’s chat as an announcement from the event’s staff.',
    send: 'Send to every room',
    banner: 'Banner',
    bannerLabel: 'Banner text',
    bannerHint: 'Shown at the top of every room until you clear it or it expires.',
    bannerDuration: 'Shown for',
    bannerUntilCleared: 'Until cleared',
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
    setBanner: 'Show the banner',
    clearBanner: 'Clear the banner',
    breakouts: 'Breakouts',
    breakoutsHint: 'Every room shows the countdown; at the end, everyone is taken to the room you choose.',
    breakoutMinutes: 'Breakouts end in (minutes)',
    targetRoom: 'Everyone comes back to',
    startBreakouts: 'Start the timer',
    recallNow: 'Bring everyone back now',
    sending: 'Sending…',
    reachedAll: 'Sent to every room ({{count}}).',
    reachedSome:
      'Sent to {{reached}} of {{count}} rooms. Not received by: {{missed}}. Send again to reach them.',
    notStaff: 'Nothing was sent: only the staff who run this event can broadcast to its rooms.',
    failed: 'Nothing was sent: the server could not be reached or refused it. Please try again.',
    breakoutEnds: 'The breakouts end at {{time}}.',
    announcementFrom: 'To every room, from the event’s staff',
    countdown: 'Breakouts end in {{time}}: everyone comes back to {{room}}.',
    countdownAnnounced: 'Breakouts end at {{time}}: everyone then comes back to {{room}}.',
    recalledAway: 'The breakouts are over: everyone comes back to {{room}}. Taking you there…',
    recalledHere: 'The breakouts are over: everyone is coming back to this room.',
    broughtBack: 'The breakouts are over: you were brought from {{room}} to this room.',
    bannerLabelShown: 'Announcement',
    statsTitle_one: 'Announcement to every room',
    statsTitle_other: 'Announcements to every room ({{count}})',
    replayBanner: 'Banner shown',
    replayAnnouncements: 'Announcements to every room',
    replayBreakout: 'Breakouts: everyone back to {{room}}',
    replayRecalled: 'Everyone was called back to {{room}}',
    runningOnly: 'Broadcasting to the rooms is possible while the event is running.',
  },
} as const;

export type BroadcastTexts = Widen<typeof broadcastEn>;
