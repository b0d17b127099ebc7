import type { CopyrightClaim, NewReport } from '../reports';
import { api } from './client';
import { loudly } from './policy';

/** POST /api/reports and /api/reports/copyright (issue 29's contract; rules in lib/reports.ts). */

type Message<T> = { message: T };

/** Sends a reader's report (bearer); rejects with the API's message on 409 (already reported) and 429. */
export const sendReport = (report: NewReport) =>
  loudly('reports', async () => (await api.post<Message<{ _id: string; status: 'new' }>>('/reports', report)).data.message);

/** Sends a copyright owner's request (no account needed); rejects with the API's message on 429. */
export const sendCopyrightClaim = (claim: CopyrightClaim) =>
  loudly('reports/copyright', async () => (await api.post<Message<{ _id: string }>>('/reports/copyright', claim)).data.message);
