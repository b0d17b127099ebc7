import type { ExportFormat, ExportPlan, LineEnding, PrepareEvent } from '../export';
import { publicEnv } from '../publicEnv';
import { readToken } from '../storage';

/**
 * "Tải về" from the browser: POST /api/export/prepare (its NDJSON lines as they come), then POST
 * /api/export/file read as a stream, so the dialog can show the progress and cancel (docs/api.md).
 */

export interface ExportRequest {
  slug: string;
  from: number;
  to: number;
  format: ExportFormat;
  lineEnding: LineEnding;
  /** An anonymous reader's own names for the story (a signed-in reader's are on the account). */
  names?: Record<string, string>;
}

export class ExportError extends Error {
  constructor(
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

const FAILED = 'Không tải được tệp, vui lòng thử lại sau.';

function post(path: string, body: ExportRequest, signal: AbortSignal): Promise<Response> {
  const token = readToken();
  return fetch(`${publicEnv.apiUrl}/export/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal,
    credentials: 'same-origin',
  });
}

async function failure(response: Response): Promise<ExportError> {
  const retry = Number(response.headers.get('Retry-After'));
  try {
    const body = (await response.json()) as { message?: string };
    return new ExportError(body.message ?? FAILED, retry > 0 ? retry : undefined);
  } catch {
    return new ExportError(FAILED, retry > 0 ? retry : undefined);
  }
}

/** Runs the preparation (an embedded story's missing chapters fetched first), telling `onFetching`; the plan of the file. */
export async function prepareExport(body: ExportRequest, onFetching: (done: number, total: number) => void, signal: AbortSignal): Promise<ExportPlan> {
  const response = await post('prepare', body, signal);
  if (!response.ok || !response.body) throw await failure(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const event = JSON.parse(buffered.slice(0, newline)) as PrepareEvent;
      buffered = buffered.slice(newline + 1);
      if (event.kind === 'fetching') onFetching(event.done, event.total);
      else if (event.kind === 'ready') return event.plan;
      else throw new ExportError(event.message, event.retryAfter);
    }
    if (done) throw new ExportError(FAILED);
  }
}

/** Downloads the file, telling `onBytes` how much has come (of about `plan.estimatedBytes`). */
export async function downloadExport(body: ExportRequest, onBytes: (received: number, estimate: number) => void, signal: AbortSignal): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await post('file', body, signal);
  if (!response.ok || !response.body) throw await failure(response);
  const estimate = Number(response.headers.get('X-Export-Estimate')) || 0;
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onBytes(received, estimate);
  }
  return { blob: new Blob(parts, { type }), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}

/** The Vietnamese name from `filename*=UTF-8''…`, else the plain one. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}

/** Hands a downloaded file to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
