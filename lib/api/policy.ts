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
  return serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
}

/** The API's Vietnamese `{message}`, or null when the call failed without one (no network, a 5xx page). */
export function serverMessage(error: unknown): string | null {
  const message = (error as { response?: { data?: { message?: unknown } } })?.response?.data?.message;
  return typeof message === 'string' && message ? message : null;
}

/**
 * The server's reason when it refused a write for the account (403), e.g. a muted reader's
 * "Tài khoản của bạn bị tạm khóa viết bình luận đến …": the form shows it instead of a toast.
 */
export function refusalMessage(error: unknown): string | null {
  const status = (error as { response?: { status?: unknown } })?.response?.status;
  return status === 403 ? serverMessage(error) : null;
}
