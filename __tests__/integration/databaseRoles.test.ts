import { randomBytes } from 'node:crypto';
import { Client, escapeIdentifier } from 'pg';
import { migrateAndGrant } from '@/scripts/launch/databaseRoles';
import { databaseRoleWarnings, warnAboutDatabaseRole } from '@/server/db/roleCheck';
import { urlForRole } from '@/server/db/roles';
import { resetDatabase } from '../helpers/db';

/**
 * The site's own database role, set up as the launcher sets it up (migrate as the owner, then
 * the application role), on the test database: it reads and writes the app's tables, adds to and
 * reads the audit log, and can do nothing that would let it rewrite the log. Roles belong to the
 * whole server (the PostgreSQL of TEST_DATABASE_URL is shared), so each is named for this run.
 */

const ownerUrl = () => process.env.DATABASE_URL!;
const uniqueRole = (label: string) => `truyen_test_${label}_${process.pid}_${randomBytes(3).toString('hex')}`;

async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

describe('the site\'s database role', () => {
  const role = uniqueRole('app');
  const password = randomBytes(18).toString('base64url');
  let owner: Client;
  let site: Client;

  beforeAll(async () => {
    await resetDatabase();
    const urls = { owner: ownerUrl(), site: urlForRole(ownerUrl(), role, password), appRole: { name: role, password } };
    await migrateAndGrant(urls);
    // A restart of the launcher runs it again: nothing changes, nothing fails.
    await migrateAndGrant(urls);
    owner = await connect(ownerUrl());
    site = await connect(urls.site);
  });

  afterAll(async () => {
    await site?.end();
    await owner.query(`DROP OWNED BY ${escapeIdentifier(role)}`);
    await owner.query(`DROP ROLE ${escapeIdentifier(role)}`);
    await owner.end();
    await resetDatabase();
  });

  const refused = (statement: string, message: RegExp) => expect(site.query(statement)).rejects.toThrow(message);

  it('is an ordinary role that owns nothing', async () => {
    const { rows } = await site.query<{ role: string; superuser: boolean }>('select current_user as role, rolsuper as superuser from pg_roles where rolname = current_user');
    expect(rows).toEqual([{ role, superuser: false }]);
    const { rows: owned } = await owner.query('select relname from pg_class where relowner = (select oid from pg_roles where rolname = $1)', [role]);
    expect(owned).toEqual([]);
  });

  it('cannot switch the audit log\'s triggers off, nor replication mode on', async () => {
    await refused('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete', /must be owner of table audit_log/);
    await refused('ALTER TABLE audit_log DISABLE TRIGGER ALL', /must be owner of table audit_log/);
    await refused('DROP TRIGGER audit_log_no_truncate ON audit_log', /must be owner of (table|relation) audit_log/);
    await refused('CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$', /permission denied for schema public|must be owner of function audit_log_refuse_change/);
    await refused('SET session_replication_role = replica', /permission denied to set parameter "session_replication_role"/);
    await refused("SELECT set_config('session_replication_role', 'replica', false)", /permission denied to set parameter "session_replication_role"/);
  });

  it('cannot delete, update or truncate the audit log, but adds to it and reads it', async () => {
    const { rows } = await site.query<{ id: string }>(
      "insert into audit_log (actor_id, actor_email, action, target_type, target_id) values ('cli', 'cli', 'story.hide', 'story', '1') returning id",
    );
    const { rows: read } = await site.query<{ action: string }>('select action from audit_log where id = $1', [rows[0].id]);
    expect(read).toEqual([{ action: 'story.hide' }]);
    await refused('DELETE FROM audit_log', /permission denied for table audit_log/);
    await refused(`UPDATE audit_log SET note = 'sửa' WHERE id = ${Number(rows[0].id)}`, /permission denied for table audit_log/);
    await refused('TRUNCATE audit_log', /permission denied for table audit_log/);
    const { rows: kept } = await owner.query<{ n: number }>('select count(*)::int as n from audit_log where id = $1', [rows[0].id]);
    expect(kept).toEqual([{ n: 1 }]);
  });

  it('cannot alter or create tables, nor create or join roles', async () => {
    await refused('ALTER TABLE stories ADD COLUMN probe int', /must be owner of table stories/);
    await refused('DROP TABLE genres', /must be owner of table genres/);
    await refused('CREATE TABLE public.role_probe (id int)', /permission denied for schema public/);
    await refused('TRUNCATE genres', /permission denied for table genres/);
    await refused(`CREATE ROLE ${escapeIdentifier(`${role}_x`)}`, /permission denied to create role/);
    await refused(`ALTER ROLE ${escapeIdentifier(role)} SUPERUSER`, /permission denied to alter role|must be superuser to alter superuser roles/);
    const { rows } = await owner.query<{ owner: string }>('select current_user as owner');
    await refused(`GRANT ${escapeIdentifier(rows[0].owner)} TO ${escapeIdentifier(role)}`, /permission denied to grant role|must be superuser to alter superusers/);
  });

  it('reads and writes an ordinary table', async () => {
    const { rows } = await site.query<{ id: number }>("insert into genres (name, slug, position) values ('Thử Quyền', 'thu-quyen', 99) returning id");
    await site.query("update genres set name = 'Thử Quyền Hai' where id = $1", [rows[0].id]);
    const { rows: read } = await site.query<{ name: string }>('select name from genres where id = $1', [rows[0].id]);
    expect(read).toEqual([{ name: 'Thử Quyền Hai' }]);
    await site.query('delete from genres where id = $1', [rows[0].id]);
    const { rows: gone } = await site.query('select 1 from genres where id = $1', [rows[0].id]);
    expect(gone).toEqual([]);
  });

  it('gets the same rights on a table the owner adds later', async () => {
    const table = `role_probe_${randomBytes(3).toString('hex')}`;
    await owner.query(`CREATE TABLE ${table} (id serial PRIMARY KEY, note text NOT NULL)`);
    try {
      const { rows } = await site.query<{ id: number }>(`insert into ${table} (note) values ('mới') returning id`);
      await site.query(`update ${table} set note = 'mới hơn' where id = $1`, [rows[0].id]);
      const { rows: read } = await site.query(`select note from ${table}`);
      expect(read).toEqual([{ note: 'mới hơn' }]);
      await expect(site.query(`ALTER TABLE ${table} ADD COLUMN probe int`)).rejects.toThrow(new RegExp(`must be owner of table ${table}`));
    } finally {
      await owner.query(`DROP TABLE ${table}`);
    }
  });

  it('draws no warning at the boot check', async () => {
    expect(await databaseRoleWarnings(site)).toEqual([]);
  });
});

describe('the boot check of the database role', () => {
  let owner: Client;

  beforeAll(async () => {
    owner = await connect(ownerUrl());
  });
  afterAll(() => owner.end());

  /**
   * Runs `check` as a role made for the moment (its name is plain lower-case letters, digits and
   * underscores), in a transaction rolled back after, role and all.
   */
  async function asRole<T>(setUp: (role: string) => string[], check: (client: Client) => Promise<T>): Promise<{ role: string; result: T }> {
    const role = uniqueRole('boot');
    await owner.query('BEGIN');
    try {
      for (const statement of setUp(role)) await owner.query(statement);
      await owner.query(`SET LOCAL ROLE ${role}`);
      return { role, result: await check(owner) };
    } finally {
      await owner.query('ROLLBACK');
    }
  }

  it('warns about a superuser', async () => {
    const { rows } = await owner.query<{ role: string }>('select current_user as role');
    expect(await databaseRoleWarnings(owner)).toEqual([
      `The site connects to PostgreSQL as ${rows[0].role}, a superuser: it could switch the audit log's trigger off and rewrite the log; connect as the application role instead (docs/operations.md, "Two database roles").`,
    ]);
  });

  it('warns about the owner of audit_log, and a member of its owner\'s role', async () => {
    const asOwner = await asRole((role) => [`CREATE ROLE ${role}`, `ALTER TABLE audit_log OWNER TO ${role}`], databaseRoleWarnings);
    expect(asOwner.result).toEqual([expect.stringMatching(new RegExp(`^The site connects to PostgreSQL as ${asOwner.role}, the owner of audit_log: it could disable the table's triggers`))]);

    const member = await asRole(
      (role) => [`CREATE ROLE ${role}`, `CREATE ROLE ${role}_owner`, `GRANT ${role}_owner TO ${role}`, `ALTER TABLE audit_log OWNER TO ${role}_owner`],
      databaseRoleWarnings,
    );
    expect(member.result).toEqual([expect.stringMatching(new RegExp(`as ${member.role}, a member of ${member.role}_owner, the owner of audit_log`))]);
  });

  it('warns about a role that may create roles', async () => {
    const { role, result } = await asRole((name) => [`CREATE ROLE ${name} CREATEROLE`], databaseRoleWarnings);
    expect(result).toEqual([expect.stringMatching(new RegExp(`as ${role}, which may create roles \\(CREATEROLE\\)`))]);
  });

  it('logs each warning once at start, and lets a process start whose database is not reachable yet', async () => {
    const warned: string[] = [];
    await warnAboutDatabaseRole(owner, (line) => warned.push(line));
    expect(warned).toEqual([expect.stringMatching(/a superuser/)]);
    const down = { query: () => Promise.reject(new Error('connect ECONNREFUSED')) } as unknown as Client;
    await expect(warnAboutDatabaseRole(down, (line) => warned.push(line))).resolves.toBeUndefined();
    expect(warned).toHaveLength(1);
  });
});
