// The public surface of the bus between server instances. See bus.ts.
export {
  type Bus,
  type BusKind,
  DEFAULT_MAX_PAYLOAD_BYTES,
  DEFAULT_REPLY_QUEUE,
  type MessageHandler,
  type ReplyHandler,
  type ReplyOptions,
  type RequestOptions,
  type Subject,
  type Subscription,
} from './bus.ts';
export { type CreateBusOptions, createBus } from './createBus.ts';
export {
  BUS_ERROR_CODES,
  BusClosedError,
  BusError,
  type BusErrorCode,
  BusTimeoutError,
  NoRespondersError,
  RemoteHandlerError,
} from './errors.ts';
export { createInProcessBus, type InProcessBusOptions } from './inProcessBus.ts';
export { decodeJson, encodeJson } from './json.ts';
export { connectNatsBus, type NatsBusOptions } from './natsBus.ts';
