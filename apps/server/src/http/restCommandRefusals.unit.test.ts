// A room command sent over HTTP and refused "not now" (the room moving, too many commands waiting, too
// many from this person) answers 503 or 429 with Retry-After, so an HTTP client backs off instead of
// taking it for a final refusal; the room's own refusals stay 409 with their code.
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorHandler } from './problems.ts';
import { rejectionError } from './restCommands.ts';

const app = Fastify();
app.setErrorHandler(errorHandler);
app.get('/refused/:code', async (request) => {
  const { code } = request.params as { code: string };
  throw rejectionError(code, `refused: ${code}`);
});
afterAll(() => app.close());

const refuse = (code: string) => app.inject({ method: 'GET', url: `/refused/${code}` });

describe('a room command refused over HTTP', () => {
  it('is 503 with Retry-After when the room is overloaded or moving', async () => {
    for (const code of ['overloaded', 'room_unavailable']) {
      const reply = await refuse(code);
      expect(reply.statusCode).toBe(503);
      expect(reply.headers['retry-after']).toBe('1');
      expect(reply.json()).toMatchObject({ status: 503, code, detail: `refused: ${code}` });
    }
  });

  it('is 429 with Retry-After when the person sends too fast', async () => {
    const reply = await refuse('rate_limited');
    expect(reply.statusCode).toBe(429);
    expect(reply.headers['retry-after']).toBe('1');
  });

  it('stays 409 with the room’s code, and no Retry-After, for a refusal of the room’s state', async () => {
    const reply = await refuse('poll_not_active');
    expect(reply.statusCode).toBe(409);
    expect(reply.headers['retry-after']).toBeUndefined();
    expect(reply.json()).toMatchObject({ code: 'poll_not_active' });
  });
});
