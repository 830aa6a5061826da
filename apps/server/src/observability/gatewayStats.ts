// What the gateway counts: sockets, messages, refusals by code, slow consumers. Read by /metrics and
// by tests; counting never throws.
export type GatewayStats = {
  socketsOpen: number;
  socketsOpened: number;
  messagesReceived: number;
  commands: number;
  refused: Map<string, number>;
  slowConsumersClosed: number;
  framesSent: number;
  refuse(code: string): void;
};

export function createGatewayStats(): GatewayStats {
  const refused = new Map<string, number>();
  return {
    socketsOpen: 0,
    socketsOpened: 0,
    messagesReceived: 0,
    commands: 0,
    refused,
    slowConsumersClosed: 0,
    framesSent: 0,
    refuse(code) {
      refused.set(code, (refused.get(code) ?? 0) + 1);
    },
  };
}
