import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { forbidden } from '../../http/errors';

/** The check every reader's write (comments, reviews) makes against an operator's mute. */

const vietnamTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Ho_Chi_Minh',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** DD/MM/YYYY HH:mm in Vietnam's time. */
export function formatVietnamTime(date: Date): string {
  const part = Object.fromEntries(vietnamTime.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

export function mutedMessage(until: Date, reason: string): string {
  return `Tài khoản của bạn bị tạm khóa viết bình luận đến ${formatVietnamTime(until)}. Lý do: ${reason}`;
}

/** 403 with the date and the reason while the account is muted (comments and reviews). */
export async function assertMayWrite(database: Pick<Database, 'select'>, userId: string, now = Date.now()): Promise<void> {
  const [row] = await database
    .select({ mutedUntil: users.mutedUntil, muteReason: users.muteReason })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (row?.mutedUntil && row.mutedUntil.getTime() > now) throw forbidden(mutedMessage(row.mutedUntil, row.muteReason ?? ''));
}
