// PostgreSQL's error codes the services turn into answers of their own (a taken e-mail, a taken slug).

/** A row that broke a unique index (SQLSTATE 23505): the value is someone else's already. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
