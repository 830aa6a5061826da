// The stage's choice by the first media's slug, and what an embedded page may do.
import type { RoomMedia } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { messageTarget, sandboxFor, targetOrigin } from './embeddedPolicy.ts';
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
});
