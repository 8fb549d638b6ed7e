/**
 * What a log line may say of an error: its type, code, message and stack, never its other
 * fields. A database error's `detail` repeats the row's values ("Key (email)=(…) already
 * exists"), and logs name a user by id only.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error }
  const { code } = error as { code?: unknown }
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: error.stack,
  }
}
