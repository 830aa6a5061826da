// The refusals `overloaded` reach Prometheus by the bound they met, for the alert on them
// (docs/operations.md, "Metrics and alerts").
import { describe, expect, it } from 'vitest';
import { createServerMetrics } from './metrics.ts';

describe('the overloaded counter', () => {
  it('counts refusals by scope, labelled with the instance', async () => {
    const metrics = createServerMetrics({ instance: 'lablive-1' });
    metrics.instruments.overloaded('room');
    metrics.instruments.overloaded('room');
    metrics.instruments.overloaded('instance');
    const text = await metrics.registry.metrics();
    expect(text).toContain('lablive_room_commands_overloaded_total{scope="room",instance="lablive-1"} 2');
    expect(text).toContain('lablive_room_commands_overloaded_total{scope="instance",instance="lablive-1"} 1');
  });
});
