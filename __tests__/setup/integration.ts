import { closeDb } from '@/server/db/client';

// Real databases and the auth emulator are slower than a unit; `testTimeout` is not a per-project option.
jest.setTimeout(30_000);

afterAll(async () => {
  await closeDb();
});
