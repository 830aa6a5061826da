// Media signalling with the server's selective forwarding unit (provider `janus`): the browser offers
// and answers SDP through the room socket, and LabLive's server, the SFU's only API client, decides who
// may publish and drives Janus for them. Sessions at Janus belong to the socket, so requests go where
// the socket is; they end a short while after the socket closes without coming back.
import { z } from 'zod';

/** Media a participant publishes: their camera and microphone, or a screen they share. */
export const MEDIA_SOURCES = ['camera', 'screen'] as const;
export type MediaSource = (typeof MEDIA_SOURCES)[number];

/** Simulcast layers: 0 the smallest (thumbnails, poor networks), 2 the largest (the stage). */
export const mediaLayerSchema = z.number().int().min(0).max(2);
export type MediaLayer = z.infer<typeof mediaLayerSchema>;

/** An SDP from a browser; the largest a real one with many candidates and three encodings reaches. */
const sdp = z
  .string()
  .min(1)
  .max(48 * 1024);
const subscription = z.string().min(1).max(100);
const feed = z.number().int().positive();

export const mediaRequestSchema = z.discriminatedUnion('action', [
  /** Publishes a source (answer: the SFU's SDP and the feed id others subscribe to). */
  z.strictObject({ action: z.literal('publish'), source: z.enum(MEDIA_SOURCES), offer: sdp }),
  z.strictObject({ action: z.literal('unpublish'), source: z.enum(MEDIA_SOURCES) }),
  /** The feeds published in the room now (answer: `feeds`); later changes come as `media-feed` signals. */
  z.strictObject({ action: z.literal('feeds') }),
  /** Subscribes to a feed (answer: a subscription id and the SFU's offer, to be answered by `start`). */
  z.strictObject({ action: z.literal('subscribe'), feed, layer: mediaLayerSchema }),
  z.strictObject({ action: z.literal('start'), subscription, answer: sdp }),
  /** Which simulcast layer this subscription receives. */
  z.strictObject({ action: z.literal('layer'), subscription, layer: mediaLayerSchema }),
  z.strictObject({ action: z.literal('unsubscribe'), subscription }),
]);
export type MediaRequest = z.infer<typeof mediaRequestSchema>;
export type MediaAction = MediaRequest['action'];

/** A feed published in the room: whose, which source. Feed ids are chosen by the server. */
export const publishedFeedSchema = z.object({
  feed,
  participantId: z.number().int(),
  source: z.enum(MEDIA_SOURCES),
});
export type PublishedFeed = z.infer<typeof publishedFeedSchema>;

/** What each action answers. */
export type MediaResults = {
  publish: { feed: number; answer: string };
  unpublish: Record<string, never>;
  feeds: { feeds: PublishedFeed[] };
  subscribe: { subscription: string; offer: string };
  start: Record<string, never>;
  layer: Record<string, never>;
  unsubscribe: Record<string, never>;
};

/** The payload of the server's `media-feed` signal: a feed appeared or went away (`from` is its owner). */
export const mediaFeedSignalSchema = z.object({
  feed,
  source: z.enum(MEDIA_SOURCES),
  published: z.boolean(),
});
export type MediaFeedSignal = z.infer<typeof mediaFeedSignalSchema>;

/** Codes of a refused media request, besides the gateway's own (not_joined, rate_limited...). */
export const MEDIA_ERRORS = {
  /** This room does not use the SFU (its provider is mesh or opentok). */
  notAvailable: 'media_not_available',
  /** The participant's role may not publish (observers watch and listen). */
  publishForbidden: 'publish_forbidden',
  /** No such feed or subscription (it ended, or was never this socket's). */
  notFound: 'media_not_found',
  /** The media server cannot be reached or refused: retry, the server may move the room to another. */
  serverUnavailable: 'media_server_unavailable',
} as const;
