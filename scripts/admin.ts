/**
 * Operator roles (`npm run admin -- …`), recorded with who granted them (here 'cli') and when,
 * and in the audit log:
 *   grant EMAIL    makes the account an operator (quản trị viên) of /quan-tri
 *   revoke EMAIL   makes it a reader again
 *   list           the operators, with who granted the role and when
 * Run through the launcher, which connects and migrates the database first.
 */
import { db } from '../server/db/client';
import { CLI_ACTOR } from '../server/services/admin/audit';
import { grantOperator, listOperators, revokeOperator, type OperatorRow } from '../server/services/admin/roles';

const USAGE = [
  'Cách dùng:',
  '  npm run admin -- grant EMAIL    cấp quyền quản trị cho tài khoản',
  '  npm run admin -- revoke EMAIL   thu hồi quyền quản trị',
  '  npm run admin -- list           liệt kê quản trị viên',
].join('\n');

const dateFormat = new Intl.DateTimeFormat('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh', dateStyle: 'short', timeStyle: 'short' });

function describe(row: OperatorRow): string {
  const granted = row.grantedAt ? `, cấp bởi ${row.grantedBy ?? '?'} lúc ${dateFormat.format(row.grantedAt)}` : '';
  return `${row.email} (${row.username})${granted}`;
}

export async function main(argv: string[]): Promise<void> {
  const [command, email, ...rest] = argv[0] === '--' ? argv.slice(1) : argv;
  if (rest.length > 0) throw new Error(USAGE);
  if (command === 'grant' && email) {
    const row = await grantOperator(db(), CLI_ACTOR, email);
    console.log(`Đã cấp quyền quản trị cho ${describe(row)}.`);
    return;
  }
  if (command === 'revoke' && email) {
    const row = await revokeOperator(db(), CLI_ACTOR, email);
    console.log(`Đã thu hồi quyền quản trị của ${row.email}.`);
    return;
  }
  if (command === 'list' && !email) {
    const rows = await listOperators(db());
    console.log(rows.length ? rows.map((row) => `- ${describe(row)}`).join('\n') : 'Chưa có quản trị viên nào.');
    return;
  }
  throw new Error(USAGE);
}
