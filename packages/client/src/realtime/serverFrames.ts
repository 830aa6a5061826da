// A frame from the gateway, checked: one server message or a JSON array of them (the gateway
// coalesces a turn's messages), or the issue that says why it was dropped.
import { type ServerMessage, serverFrameSchema } from '@lablive/protocol';
import { z } from 'zod';
import type { RealtimeIssue } from './errors.ts';

export type ParsedServerFrame = { ok: true; messages: ServerMessage[] } | { ok: false; issue: RealtimeIssue };

export function parseServerFrame(data: unknown): ParsedServerFrame {
  if (typeof data !== 'string') {
    return { ok: false, issue: { type: 'malformed_frame', data: '', reason: 'Binary frame' } };
  }
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { ok: false, issue: { type: 'malformed_frame', data, reason: 'Not JSON' } };
  }
  const parsed = serverFrameSchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, issue: { type: 'malformed_frame', data, reason: z.prettifyError(parsed.error) } };
  }
  return { ok: true, messages: Array.isArray(parsed.data) ? parsed.data : [parsed.data] };
}
