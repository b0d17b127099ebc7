import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { parseProposeNameInput, parseWithdrawProposalInput, proposeName, withdrawNameProposal } from '@/server/services/embedding';
import { ensureUserExists } from '@/server/services/users';

/** The largest legitimate body: one name of at most 30 + 60 characters. */
export const config = { api: { bodyParser: { sizeLimit: '4kb' } } };

export default apiRoute({
  /** PUT /api/embedding/names/proposals {storyId, original, translation}: proposes an entry of the caller's list for the story's shared list. */
  async PUT(req) {
    const user = await requireUser(req);
    const { storyId, original, translation } = parseProposeNameInput(req.body);
    await ensureUserExists(db(), user);
    return { message: await proposeName(db(), user.uid, Number(storyId), original, translation) };
  },
  /** DELETE /api/embedding/names/proposals {storyId, original}: withdraws the caller's proposal. */
  async DELETE(req) {
    const user = await requireUser(req);
    const { storyId, original } = parseWithdrawProposalInput(req.body);
    await ensureUserExists(db(), user);
    return { message: await withdrawNameProposal(db(), user.uid, Number(storyId), original) };
  },
});
