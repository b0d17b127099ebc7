import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { formatVietnamTime } from '@/lib/vietnamTime';

/**
 * The check every reader's write that other readers see (comments, reviews, the display name, a
 * story's shared names) makes against an operator's mute.
 */

export function mutedMessage(until: Date, reason: string): string {
  return `Tài khoản của bạn bị tạm khóa viết bình luận đến ${formatVietnamTime(until)}. Lý do: ${reason}`;
}

/** 403 with the date and the reason while the account is muted. */
export async function assertMayWrite(database: Pick<Database, 'select'>, userId: string, now = Date.now()): Promise<void> {
  const [row] = await database
    .select({ mutedUntil: users.mutedUntil, muteReason: users.muteReason })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (row?.mutedUntil && row.mutedUntil.getTime() > now) throw forbidden(mutedMessage(row.mutedUntil, row.muteReason ?? ''));
}
