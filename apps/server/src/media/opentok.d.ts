// The part of the OpenTok server SDK (a CommonJS package without types) that LabLive calls.
declare module 'opentok' {
  type SessionOptions = { mediaMode?: 'routed' | 'relayed'; archiveMode?: 'manual' | 'always' };
  type TokenOptions = {
    role?: 'subscriber' | 'publisher' | 'publisheronly' | 'moderator';
    data?: string;
    expireTime?: number;
  };
  class OpenTok {
    constructor(apiKey: string, apiSecret: string, env?: { timeout?: number; apiUrl?: string });
    createSession(
      options: SessionOptions,
      callback: (error: Error | null, session?: { sessionId: string }) => void,
    ): void;
    generateToken(sessionId: string, options?: TokenOptions): string;
  }
  export = OpenTok;
}
