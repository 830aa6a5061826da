// The `media` region of the waiting room: preparing (open the camera and the microphone once so the
// browser asks for permission and shows labels, then list the devices), then ready: toggles, device
// choices, and devices plugged or unplugged. A device that cannot run switches its toggle off.
import { EMPTY_DEVICE_LISTS, openingRequest, present } from './waitingRoomContext.ts';
import { waitingRoomSetup } from './waitingRoomSetup.ts';

export const mediaRegion = waitingRoomSetup.createStateConfig({
  initial: 'preparing',
  states: {
    preparing: {
      initial: 'probing',
      states: {
        probing: {
          invoke: {
            src: 'openStream',
            // Both kinds, whatever the toggles say: the permission prompt and the labels need it.
            input: ({ context }) => openingRequest(context, { audio: true, video: true }),
            onDone: {
              target: 'listing',
              actions: { type: 'keepProbe', params: ({ event }) => ({ result: event.output }) },
            },
            onError: { target: 'listing' },
          },
        },
        listing: {
          invoke: {
            src: 'listDevices',
            onDone: {
              target: '#waitingRoom.waiting.media.ready',
              actions: { type: 'settle', params: ({ event }) => ({ devices: event.output }) },
            },
            onError: {
              target: '#waitingRoom.waiting.media.ready',
              actions: { type: 'settle', params: { devices: EMPTY_DEVICE_LISTS } },
            },
          },
        },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'relistPending', target: 'relisting' },
          on: {
            'device.toggleAudio': [
              { guard: 'audioOn', actions: { type: 'turnOff', params: { kind: 'audio' } } },
              {
                guard: 'noAudioInput',
                actions: { type: 'notify', params: { notices: [{ type: 'microphoneNotDetected' }] } },
              },
              {
                target: 'opening',
                actions: {
                  type: 'beginOpening',
                  params: { reason: 'toggle', audio: true, video: false, previousId: null },
                },
              },
            ],
            'device.toggleVideo': [
              // The lab uses no cameras: the toggle is disabled, and a stray event changes nothing.
              { guard: 'cameraForbidden' },
              { guard: 'videoOn', actions: { type: 'turnOff', params: { kind: 'video' } } },
              {
                guard: 'noVideoInput',
                actions: { type: 'notify', params: { notices: [{ type: 'cameraNotDetected' }] } },
              },
              {
                target: 'opening',
                actions: {
                  type: 'beginOpening',
                  params: { reason: 'toggle', audio: false, video: true, previousId: null },
                },
              },
            ],
            'device.select': [
              { guard: 'selectsOutput', actions: 'choose' },
              {
                guard: 'switchesLiveDevice',
                target: 'opening',
                actions: [
                  {
                    type: 'beginOpening',
                    params: ({ context, event }) => ({
                      reason: 'switch',
                      audio: event.kind === 'audioinput',
                      video: event.kind === 'videoinput',
                      previousId: event.kind === 'audioinput' ? context.audioInputId : context.videoInputId,
                    }),
                  },
                  'choose',
                  { type: 'notify', params: { notices: [{ type: 'devicesUpdating' }] } },
                ],
              },
              { actions: 'choose' },
            ],
            'devices.changed': { target: 'relisting' },
          },
        },
        opening: {
          invoke: {
            src: 'openStream',
            input: ({ context }) => openingRequest(context, present(context.opening, 'opening')),
            onDone: {
              target: 'idle',
              actions: { type: 'opened', params: ({ event }) => ({ result: event.output }) },
            },
            // Nothing was opened: what was live stays live.
            onError: {
              target: 'idle',
              actions: {
                type: 'opened',
                params: ({ context }) => ({ result: { stream: context.stream, errors: [] } }),
              },
            },
          },
          on: { 'devices.changed': { actions: 'noteDevicesChanged' } },
        },
        relisting: {
          entry: 'startRelist',
          invoke: {
            src: 'listDevices',
            onDone: [
              {
                guard: { type: 'mustRecover', params: ({ event }) => ({ devices: event.output }) },
                target: 'opening',
                actions: [
                  { type: 'relisted', params: ({ event }) => ({ devices: event.output }) },
                  'beginRecovery',
                ],
              },
              {
                target: 'idle',
                actions: { type: 'relisted', params: ({ event }) => ({ devices: event.output }) },
              },
            ],
            onError: { target: 'idle' },
          },
          on: { 'devices.changed': { actions: 'noteDevicesChanged' } },
        },
      },
    },
  },
});
