/**
 * Operator roles (`npm run admin -- …`), recorded with who granted them (here 'cli') and when,
 * and in the audit log:
 *   grant EMAIL    makes the account an operator (quản trị viên) of /quan-tri; its email must be
 *                  verified (asked of the identity service), else the command says why and fails
 *   revoke EMAIL   makes it a reader again
 *   list           the operators, with who granted the role and when
 * Run through the launcher, which connects and migrates the database first.
 */
import { db } from '../server/db/client';
import { HttpError } from '../server/http/errors';
import { CLI_ACTOR } from '../server/services/admin/audit';
import { grantOperator, listOperators, revokeOperator, type OperatorRow } from '../server/services/admin/roles';
import { readLaunchEnv } from './launch/config';

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

/**
 * Without a Firebase project (the demo set-up) the accounts live in the Auth emulator that
 * `npm run dev` or `npm start` runs on AUTH_EMULATOR_PORT: the grant asks it there. Answers
 * whether it did.
 */
function askDemoEmulator(): boolean {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return false;
  const config = readLaunchEnv(process.env);
  if (config.firebaseConfigured) return false;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${config.AUTH_EMULATOR_PORT}`;
  return true;
}

async function grant(email: string): Promise<OperatorRow> {
  const demo = askDemoEmulator();
  try {
    return await grantOperator(db(), CLI_ACTOR, email);
  } catch (error) {
    if (demo && error instanceof HttpError && error.status === 503) {
      throw new Error(`${error.message}\nChế độ demo: tài khoản nằm trong Firebase Auth emulator, hãy chạy npm run dev hoặc npm start rồi thử lại.`);
    }
    throw error;
  }
}

export async function main(argv: string[]): Promise<void> {
  const [command, email, ...rest] = argv[0] === '--' ? argv.slice(1) : argv;
  if (rest.length > 0) throw new Error(USAGE);
  if (command === 'grant' && email) {
    const row = await grant(email);
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
