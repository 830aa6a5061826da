// The realtime half of @lablive/client: one WebSocket to the gateway, rooms followed over it with their
// state folded from the delivered events, commands that survive reconnects.
export type { BackoffOptions } from './backoff.ts';
export * from './errors.ts';
export type { Unsubscribe } from './listeners.ts';
export type { Knock, KnockAnswer } from './lobbyKnocks.ts';
export type { MediaReply, MediaRequestOf } from './mediaRequests.ts';
export * from './realtimeClient.ts';
export type { CommandResult, RoomHandle, RoomSignal, SendOptions } from './roomHandle.ts';
export type { WebSocketConstructor, WebSocketLike } from './webSocket.ts';
