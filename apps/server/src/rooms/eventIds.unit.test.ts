import { describe, expect, it } from 'vitest';
import { uuidNamespace, uuidV5 } from './eventIds.ts';

const DNS = uuidNamespace('6ba7b810-9dad-11d1-80b4-00c04fd430c8');

describe('uuidV5', () => {
  it('gives the standard v5 uuids (the values of Python and the uuid package)', () => {
    expect(uuidV5('python.org', DNS)).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
    expect(uuidV5('www.example.com', DNS)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('keeps the ids the room host stored before it made them itself (uuid package v5)', () => {
    const rooms = uuidNamespace('6f1b7c1e-7a51-4c1e-9a43-1f7d3f0c2b10');
    expect(uuidV5('12:7:0f8fad5b-d9cb-469f-a165-70867728950e:0', rooms)).toBe(
      'd8a1d582-491e-5f81-abb6-8b74ba1a706a',
    );
    expect(uuidV5('réunion ü 👋', rooms)).toBe('dc7130de-a81b-5f8d-916e-e3fda7d7c03f');
    expect(uuidV5('', rooms)).toBe('4df9cad3-5bd1-53ed-b719-76b2edf4e1cd');
    expect(uuidV5('x'.repeat(300), rooms)).toBe('bc5b783f-ee1c-5fdc-a061-e19a2714fb23');
  });

  it('refuses a namespace that is not a uuid', () => {
    expect(() => uuidNamespace('not-a-uuid')).toThrow(TypeError);
  });
});
