// A corpus of bad input, as careless clients and attackers send it: malformed JSON, wrong types, text
// PostgreSQL cannot store, huge values, arrays for objects, prototype keys, path traversal in ids.
// The bad-input tests send every entry to every route and socket message the server has, and expect a
// 4xx (or a protocol error) with a code each time, and a server that still answers.

/** Values for an `:id` in a path (already URL-encoded where they need it). */
export const BAD_PATH_IDS = [
  ' 1',
  '%201',
  '0x10',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999',
  'abc',
  '__proto__',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%00',
  '%ED%A0%80',
] as const;

/** Values for each field a route reads from its query string (already URL-encoded). */
export const BAD_QUERY_VALUES = [
  '%00',
  'a%00b%40x.org',
  '%ED%A0%80',
  '0x10',
  '%201',
  '-5',
  '..%2F1',
  '1e3',
] as const;

/** Values for each field a route reads from its body: no field of ours takes either. */
export const BAD_BODY_FIELD_VALUES = ['{"$gt":0}', '1e400'] as const;

const HUGE_TEXT = 'x'.repeat(300 * 1024);

/** Request bodies (raw text, sent as JSON unless told otherwise) for a route that parses a body. */
export const BAD_BODIES: readonly { name: string; payload: string; contentType?: string }[] = [
  { name: 'malformed JSON', payload: '{"email": "a@b.c", ' },
  { name: 'an empty body', payload: '' },
  { name: 'an array for an object', payload: '[{"email":"a@b.c"}]' },
  { name: 'a string for an object', payload: '"hello"' },
  { name: 'a number for an object', payload: '42' },
  { name: 'a __proto__ key', payload: '{"__proto__":{"isAdmin":true}}' },
  { name: 'a constructor.prototype key', payload: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { name: 'a NUL in a value', payload: '{"email":"a\\u0000@x.org","name":"x\\u0000","text":"\\u0000"}' },
  { name: 'a NUL in a key', payload: '{"\\u0000":"x"}' },
  {
    name: 'an unpaired surrogate',
    payload: '{"email":"\\ud800@x.org","name":"\\udc00","question":"\\ud83d"}',
  },
  { name: 'a huge string', payload: JSON.stringify({ name: HUGE_TEXT, text: HUGE_TEXT }) },
  { name: 'deep nesting', payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
  {
    name: 'form encoding',
    payload: 'email=a%40b.c&password=x',
    contentType: 'application/x-www-form-urlencoded',
  },
  { name: 'plain text', payload: 'hello', contentType: 'text/plain' },
];

/** Values that replace every field of a socket command's data, one variant at a time. */
export const BAD_FIELD_VALUES: readonly { name: string; raw: string }[] = [
  { name: 'a NUL', raw: '"a\\u0000b"' },
  { name: 'an unpaired high surrogate', raw: '"a\\ud800b"' },
  { name: 'an unpaired low surrogate', raw: '"\\udc00"' },
  { name: 'an array', raw: '["x"]' },
  { name: 'an object', raw: '{"__proto__":{"x":1}}' },
  { name: 'a huge string', raw: JSON.stringify('x'.repeat(70 * 1024)) },
  { name: 'a huge number', raw: '1e400' },
  { name: 'null', raw: 'null' },
];

/** Whole socket frames a client should never send. */
export const BAD_SOCKET_FRAMES: readonly { name: string; raw: string }[] = [
  { name: 'not JSON', raw: 'hello' },
  { name: 'truncated JSON', raw: '{"type":"ping",' },
  { name: 'an array', raw: '[{"type":"ping","at":1}]' },
  { name: 'null', raw: 'null' },
  { name: 'no type', raw: '{"at":1}' },
  { name: 'an unknown type', raw: '{"type":"shutdown"}' },
  { name: 'a __proto__ type', raw: '{"__proto__":{"type":"ping"},"at":1}' },
  { name: 'a ping of the wrong shape', raw: '{"type":"ping","at":"now"}' },
  { name: 'a join of the wrong shape', raw: '{"type":"join","roomId":"1","connectionId":5}' },
  { name: 'a join of a traversal id', raw: '{"type":"join","roomId":"../1","connectionId":"c"}' },
  {
    name: 'a signal with a NUL',
    raw: '{"type":"signal","roomId":1,"to":null,"kind":"audio-level","payload":"\\u0000"}',
  },
  { name: 'a huge frame', raw: JSON.stringify({ type: 'ping', at: 1, pad: 'x'.repeat(200 * 1024) }) },
];
