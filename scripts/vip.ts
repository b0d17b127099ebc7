/**
 * Support commands for VIP memberships (`npm run vip -- …`):
 *   grant EMAIL DAYS   extends the account's VIP by DAYS days
 *   revoke EMAIL       ends the account's VIP now
 */
import { db } from '../server/db/client';
import { grantVip, revokeVip } from '../server/services/vipGrants';

const USAGE = 'Cách dùng: vip grant EMAIL SỐ_NGÀY | vip revoke EMAIL';

const dateFormat = new Intl.DateTimeFormat('vi-VN', {
  timeZone: 'Asia/Ho_Chi_Minh',
  dateStyle: 'full',
  timeStyle: 'medium',
});

export function formatExpiry(expireTime: number): string {
  return dateFormat.format(new Date(expireTime * 1000));
}

export async function main(argv: string[]): Promise<void> {
  const [command, email, daysText] = argv;
  if (command === 'grant' && email && daysText && argv.length === 3) {
    if (!/^\d+$/.test(daysText)) throw new Error(`Số ngày không hợp lệ: ${daysText}. ${USAGE}`);
    const grant = await grantVip(db(), email, Number(daysText));
    console.log(`Đã cộng ${daysText} ngày VIP cho ${grant.email}. VIP hết hạn lúc ${formatExpiry(grant.expireTime)}.`);
    return;
  }
  if (command === 'revoke' && email && argv.length === 2) {
    const revoked = await revokeVip(db(), email);
    const expiry = revoked.expireTime > 0 ? ` VIP hết hạn lúc ${formatExpiry(revoked.expireTime)}.` : '';
    console.log(`Đã thu hồi VIP của ${revoked.email}.${expiry}`);
    return;
  }
  throw new Error(USAGE);
}
