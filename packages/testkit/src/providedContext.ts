// What the global setup hands to test files through vitest's inject().
declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    natsUrl: string | null;
    natsSkipReason: string;
  }
}

export {};
