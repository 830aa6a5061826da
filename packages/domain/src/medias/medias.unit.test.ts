// The media rules the server and the form share: which page addresses may be embedded, the slug a name
// proposes, and a media's fields checked together.
import { describe, expect, it } from 'vitest';
import { isEmbeddablePageUrl, mediaChangesSchema, mediaFormSchema, mediaSlugOf } from './medias.ts';

describe('a page address', () => {
  it('is https, or http on this machine only', () => {
    expect(isEmbeddablePageUrl('https://quiz.agency.example/janssen/?v=2')).toBe(true);
    expect(isEmbeddablePageUrl('http://localhost:5173/')).toBe(true);
    expect(isEmbeddablePageUrl('http://127.0.0.1:8080/game')).toBe(true);
    expect(isEmbeddablePageUrl('http://[::1]:8080/game')).toBe(true);
    expect(isEmbeddablePageUrl('https://quiz.example:8443/q?a=1#top')).toBe(true);
    expect(isEmbeddablePageUrl('HTTPS://Quiz.Example')).toBe(true);
    for (const refused of [
      'http://quiz.agency.example/',
      'http://localhost.evil.example/',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'https://user:pw@quiz.example/',
      '/media-builds/1/x/index.html',
      'quiz.example',
      'https://quiz.example:/',
      'https://quiz.example:99999/',
      'https://-quiz.example/',
      'https://quiz example/',
      'https:\\\\evil.example',
      'https://evil.example\\@quiz.example/',
    ]) {
      expect(isEmbeddablePageUrl(refused), refused).toBe(false);
    }
  });
});

describe('a media', () => {
  it('proposes a slug from its name', () => {
    expect(mediaSlugOf('Quiz Cardiologie — Été 2026!')).toBe('quiz-cardiologie-ete-2026');
    expect(mediaSlugOf('  ')).toBe('');
  });

  it('takes the spec canvas by default, and needs an address for a page but the sample quiz', () => {
    expect(mediaFormSchema.parse({ name: 'Game', slug: 'game', kind: 'build' })).toEqual({
      name: 'Game',
      slug: 'game',
      kind: 'build',
      page_url: null,
      canvas_width: 960,
      canvas_height: 600,
      full_canvas: false,
    });
    const page = mediaFormSchema.safeParse({ name: 'Quiz', slug: 'quiz', kind: 'page', page_url: ' ' });
    expect(page.error?.issues[0]).toMatchObject({ path: ['page_url'], message: 'This field must be filled' });
    expect(mediaFormSchema.safeParse({ name: 'Demo', slug: 'demo', kind: 'page' }).success).toBe(true);
  });

  it('is changed by the fields sent, at least one', () => {
    expect(mediaChangesSchema.parse({ name: ' Renamed ' })).toEqual({ name: 'Renamed' });
    expect(mediaChangesSchema.safeParse({}).success).toBe(false);
  });
});
