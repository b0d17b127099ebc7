/**
 * The error behaviour of spec §8, shared by every call: most calls log and return nothing;
 * review and comment writes log and rethrow so the UI can roll back.
 */
export async function quietly<T>(label: string, call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    console.error(`${label}:`, describe(error));
    return undefined;
  }
}

export async function loudly<T>(label: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error(`${label}:`, describe(error));
    throw error;
  }
}

/** The API's Vietnamese `{message}` when there is one, else the error's own message. */
export function describe(error: unknown): string {
  const response = (error as { response?: { data?: { message?: unknown } } })?.response;
  if (typeof response?.data?.message === 'string') return response.data.message;
  return error instanceof Error ? error.message : String(error);
}
