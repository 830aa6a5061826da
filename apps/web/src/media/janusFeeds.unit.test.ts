// The feeds a janus session follows, the layers the layout wants and how feeds become RemoteMedia.
import type { PublishedFeed } from '@lablive/protocol';
import { describe, expect, it } from 'vitest';
import { applyFeedSignal, feedsToReceive, feedTable, janusRemotes, wantedLayer } from './janusFeeds.ts';

const camera = (feed: number, participantId: number): PublishedFeed => ({
  feed,
  participantId,
  source: 'camera',
});
const screen = (feed: number, participantId: number): PublishedFeed => ({
  feed,
  participantId,
  source: 'screen',
});
const fakeStream = (id: string) => ({ id }) as MediaStream;

describe('the feed table', () => {
  it('follows the media-feed signals of the server and ignores other signals and bad payloads', () => {
    let feeds = feedTable([camera(10, 2)]);
    feeds = applyFeedSignal(feeds, 3, 'media-feed', { feed: 11, source: 'camera', published: true });
    feeds = applyFeedSignal(feeds, 3, 'media-feed', { feed: 12, source: 'screen', published: true });
    feeds = applyFeedSignal(feeds, 2, 'media-feed', { feed: 10, source: 'camera', published: false });
    const unchanged = applyFeedSignal(feeds, 3, 'webrtc-offer', {
      feed: 99,
      source: 'camera',
      published: true,
    });
    const malformed = applyFeedSignal(feeds, 3, 'media-feed', {
      feed: 'x',
      source: 'camera',
      published: true,
    });

    expect([...feeds.values()]).toEqual([camera(11, 3), screen(12, 3)]);
    expect(unchanged).toBe(feeds);
    expect(malformed).toBe(feeds);
  });

  it("replaces a participant's feed of a source when they publish it again", () => {
    const feeds = applyFeedSignal(feedTable([camera(10, 2)]), 2, 'media-feed', {
      feed: 20,
      source: 'camera',
      published: true,
    });
    expect([...feeds.values()]).toEqual([camera(20, 2)]);
    expect([...feedTable([camera(10, 2), camera(20, 2)]).values()]).toEqual([camera(20, 2)]);
  });

  it("receives everybody's feeds but this person's own", () => {
    expect(feedsToReceive(feedTable([camera(1, 5), camera(2, 6), screen(3, 5)]), 5)).toEqual([camera(2, 6)]);
  });
});

describe('the layer the layout wants', () => {
  const feeds = feedTable([camera(1, 5), screen(2, 5), camera(3, 6)]);

  it("gives the stage participant's screen the top layer, and thumbnails the lowest", () => {
    expect(wantedLayer(screen(2, 5), 5, feeds)).toBe(2);
    expect(wantedLayer(camera(1, 5), 5, feeds)).toBe(0);
    expect(wantedLayer(camera(3, 6), 5, feeds)).toBe(0);
    expect(wantedLayer(screen(2, 5), null, feeds)).toBe(0);
  });

  it("gives the stage participant's camera the top layer when they share no screen", () => {
    expect(wantedLayer(camera(3, 6), 6, feeds)).toBe(2);
  });
});

describe('remotes from feeds', () => {
  it('lists the peers in order, a camera as the stream and a screen as the screen, then other publishers', () => {
    const cam5 = fakeStream('cam5');
    const screen5 = fakeStream('screen5');
    const cam9 = fakeStream('cam9');
    const remotes = janusRemotes(
      [4, 5],
      [
        { participantId: 5, source: 'screen', stream: screen5 },
        { participantId: 5, source: 'camera', stream: cam5 },
        { participantId: 9, source: 'camera', stream: cam9 },
      ],
    );
    expect(remotes).toEqual([
      { participantId: 4, stream: null, screen: null },
      { participantId: 5, stream: cam5, screen: screen5 },
      { participantId: 9, stream: cam9, screen: null },
    ]);
  });

  it('shows nothing yet for a feed still connecting', () => {
    expect(janusRemotes([4], [{ participantId: 4, source: 'camera', stream: null }])).toEqual([
      { participantId: 4, stream: null, screen: null },
    ]);
  });
});
