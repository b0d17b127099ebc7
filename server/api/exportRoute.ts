import type { NextApiResponse } from 'next';
import { optionalUser } from '../auth/requireUser';
import { db } from '../db/client';
import { claimantOf, readerOf, type Reader } from '../http/reader';
import type { Claimant } from '../http/workLimiter';
import { parseReaderInput } from '../services/embedding/readerInputs';
import { ZExportInput, type TExportInput } from '../services/export/inputs';
import { exportLimiter } from '../services/export/limits';
import { isMember } from '../services/membership';
import { apiRoute } from './handler';

/** Who asks for an export and what: the checked body, the reader (signed in or by device) and VIP. */
export interface ExportRequest {
  input: TExportInput;
  userId: string | null;
  reader: Reader;
  claimant: Claimant;
  member: boolean;
}

/**
 * A POST route of the export: the body checked, the reader identified, then `work` run in the
 * export's fair turns. These answers last as long as a download or a source's pace, so they take
 * the export's turns rather than the API's admission.
 */
export function exportRoute(work: (res: NextApiResponse, request: ExportRequest) => Promise<undefined>) {
  return apiRoute(
    {
      POST: async (req, res) => {
        const input = parseReaderInput(ZExportInput, req.body);
        const user = await optionalUser(req, { revocation: 'cached' });
        const userId = user?.uid ?? null;
        const reader = readerOf(req, userId);
        const claimant = claimantOf(reader);
        return exportLimiter().run(async () => work(res, { input, userId, reader, claimant, member: await isMember(db(), userId) }), claimant);
      },
    },
    { admission: false },
  );
}
