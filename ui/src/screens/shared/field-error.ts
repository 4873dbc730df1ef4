/**
 * TanStack Form collects a field's errors from several sources: Standard Schema issues
 * (`{ message }`, where our schemas put a locale id) and plain locale ids set from a server
 * answer. The first one is the one shown.
 */
export function firstErrorId(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error) return error;
    if (error && typeof error === 'object' && 'message' in error) {
      const message = (error as { message: unknown }).message;
      if (typeof message === 'string' && message) return message;
    }
  }
  return undefined;
}
