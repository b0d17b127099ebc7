import { randomBytes } from 'node:crypto';
import { main as vipScript } from '@/scripts/vip';
import { closeDb, db } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { SECONDS_PER_DAY, isVipActive, nowSeconds } from '@/server/services/vip';
import { grantVip, revokeVip } from '@/server/services/vipGrants';
import { vipReaders } from '../helpers/vipReaders';

const run = randomBytes(4).toString('hex');

const readers = vipReaders('vip-grant');
const insertUser = readers.insert;
const expiryOf = readers.expiryOf;

beforeAll(async () => {
  await runMigrations(db());
});

afterAll(async () => {
  await readers.removeAll();
  await closeDb();
});

describe('VIP support commands', () => {
  it('grants and revokes by email, case-insensitively', async () => {
    const current = nowSeconds() + SECONDS_PER_DAY;
    const user = await insertUser(current, `Support-${run}@Example.com`);
    const granted = await grantVip(db(), `support-${run}@example.com`, 7);
    expect(granted).toEqual({ email: user.email, expireTime: current + 7 * SECONDS_PER_DAY });
    const revoked = await revokeVip(db(), user.email);
    expect(isVipActive(revoked.expireTime)).toBe(false);
    expect(await expiryOf(user.id)).toBe(revoked.expireTime);
    await expect(grantVip(db(), `nobody-${run}@example.com`, 7)).rejects.toMatchObject({ status: 404 });
    await expect(grantVip(db(), user.email, 0)).rejects.toMatchObject({ status: 400 });
  });

  it('runs grant and revoke from the support script with a Vietnamese date', async () => {
    const user = await insertUser();
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await vipScript(['grant', user.email, '30']);
      expect(isVipActive(await expiryOf(user.id))).toBe(true);
      expect(log.mock.calls[0][0]).toMatch(/^Đã cộng 30 ngày VIP cho .+ VIP hết hạn lúc .*tháng/);
      await vipScript(['revoke', user.email]);
      expect(isVipActive(await expiryOf(user.id))).toBe(false);
      expect(log.mock.calls[1][0]).toMatch(/^Đã thu hồi VIP của/);
      await expect(vipScript(['grant', user.email])).rejects.toThrow(/Cách dùng/);
      await expect(vipScript(['grant', user.email, 'ba'])).rejects.toThrow(/Số ngày không hợp lệ/);
    } finally {
      log.mockRestore();
    }
  });
});
