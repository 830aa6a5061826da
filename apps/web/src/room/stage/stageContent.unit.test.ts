// The stage's choice by the first media's slug, and what an embedded page may do.
import type { RoomMedia } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import {
  acceptsFrameOrigin,
  messageTarget,
  parseFrameMessage,
  sandboxFor,
  targetOrigin,
} from './embeddedPolicy.ts';
import { stageContent } from './stageContent.ts';

const media = (slug: string, buildPath: string | null, id = 1): RoomMedia => ({
  id,
  name: slug,
  slug,
  build_path: buildPath,
  build_compression: null,
  canvas_width: 960,
  canvas_height: 600,
  full_canvas: false,
  thumbnail: null,
});

describe('stage content', () => {
  it('shows the sample quiz for the demo media, whatever follows it', () => {
    expect(stageContent([media('demo', null), media('smartrx', '/games/smartrx/', 2)]).kind).toBe('quiz');
  });

  it('embeds any other media that has a build, and says when there is none', () => {
    expect(stageContent([media('janssen-quiz', 'https://games.example/janssen/')])).toMatchObject({
      kind: 'embedded',
      buildPath: 'https://games.example/janssen/',
    });
    expect(stageContent([media('h-investigation', null)]).kind).toBe('none');
    expect(stageContent([media('h-investigation', '  ')]).kind).toBe('none');
    expect(stageContent([])).toEqual({ kind: 'none', media: null });
  });

  it('sends presentation messages only to the page origin', () => {
    expect(targetOrigin('https://games.example/janssen/index.html', 'https://app.example/room/1')).toBe(
      'https://games.example',
    );
    expect(targetOrigin('/games/smartrx/', 'https://app.example/room/1')).toBe('https://app.example');
  });

  it('never lets a page of the room own origin out of its sandbox', () => {
    expect(sandboxFor('https://app.example', 'https://app.example')).not.toContain('allow-same-origin');
    expect(sandboxFor('https://games.example', 'https://app.example')).toContain('allow-same-origin');
    expect(messageTarget('https://games.example', 'https://app.example')).toBe('https://games.example');
    expect(messageTarget('https://app.example', 'https://app.example')).toBe('*');
  });

  it("takes a page's reports only from the origin its frame runs in", () => {
    // An uploaded build, served by the room's own server, runs in an opaque origin: "null".
    expect(acceptsFrameOrigin('null', 'https://app.example', 'https://app.example')).toBe(true);
    expect(acceptsFrameOrigin('https://app.example', 'https://app.example', 'https://app.example')).toBe(
      false,
    );
    expect(acceptsFrameOrigin('https://games.example', 'https://games.example', 'https://app.example')).toBe(
      true,
    );
    expect(acceptsFrameOrigin('null', 'https://games.example', 'https://app.example')).toBe(false);
    expect(acceptsFrameOrigin('https://evil.example', 'https://games.example', 'https://app.example')).toBe(
      false,
    );
    expect(acceptsFrameOrigin('null', null, 'https://app.example')).toBe(false);
  });

  it("reads the protocol's messages and ignores anything else a page posts", () => {
    expect(parseFrameMessage({ type: 'lablive.progress', percent: 42.5 })).toEqual({
      type: 'lablive.progress',
      percent: 42.5,
    });
    expect(parseFrameMessage({ type: 'lablive.ready' })).toEqual({ type: 'lablive.ready' });
    expect(parseFrameMessage({ type: 'lablive.error', message: 'no WebGL' })).toEqual({
      type: 'lablive.error',
      message: 'no WebGL',
    });
    expect(parseFrameMessage({ type: 'lablive.error', message: 'x'.repeat(1000) })).toMatchObject({
      message: 'x'.repeat(300),
    });
    for (const noise of [
      null,
      'ready',
      42,
      {},
      { type: 'lablive.progress' },
      { type: 'lablive.progress', percent: Number.NaN },
      { type: 'unity.loaded' },
    ]) {
      expect(parseFrameMessage(noise)).toBeNull();
    }
  });
});
