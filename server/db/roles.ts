import { Client, escapeIdentifier, escapeLiteral } from 'pg';

/**
 * The two database roles. The owner runs the migrations and owns every table; the site and the
 * operator commands connect as the application role, which may read and write the app's tables
 * but not alter them, their triggers or any role, and may only add to and read the append-only
 * tables: so whoever gets the site's connection cannot rewrite the audit log. Applied by the
 * launcher after each migration run, as the owner; idempotent.
 */

/** Tables the application role may only INSERT into and SELECT from. */
export const APPEND_ONLY_TABLES = ['audit_log'] as const;

/** Serialises role set-ups of launchers started at once (CREATE ROLE and GRANT race otherwise). */
const ROLE_SETUP_LOCK = 4_032_017_340;

const TABLE_RIGHTS = 'SELECT, INSERT, UPDATE, DELETE';
const SEQUENCE_RIGHTS = 'USAGE';

export interface AppRole {
  name: string;
  /** Given: the role is created when missing and keeps this password (the embedded default). Else it must exist. */
  password?: string;
}

/** `url` with the role and password of another user of the same database. */
export function urlForRole(url: string, role: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(role);
  parsed.password = encodeURIComponent(password);
  return parsed.href;
}

/** The role a URL logs in as (the server's answer, so a socket URL without a user counts too). */
export async function roleOf(url: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ role: string }>('select current_user as role');
    return rows[0].role;
  } finally {
    await client.end();
  }
}

async function ensureLoginRole(client: Client, name: string, password: string): Promise<void> {
  const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [name]);
  const role = escapeIdentifier(name);
  if (!rowCount) await client.query(`CREATE ROLE ${role}`);
  await client.query(
    `ALTER ROLE ${role} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${escapeLiteral(password)}`,
  );
}

/**
 * Refuses an application role that could rewrite the log whatever it is granted: a superuser, a
 * member of the owner's role, or the owner of any of the app's tables.
 */
async function assertUnprivileged(client: Client, name: string): Promise<void> {
  const { rows } = await client.query<{ owner: string; superuser: boolean; member: boolean; owned: string[] }>(
    `select current_user as owner, r.rolsuper as superuser, pg_has_role(r.oid, current_user, 'MEMBER') as member,
       array(select c.relname::text from pg_class c
             where c.relnamespace = 'public'::regnamespace and c.relowner = r.oid order by c.relname) as owned
     from pg_roles r where r.rolname = $1`,
    [name],
  );
  const [role] = rows;
  if (!role) throw new Error(`The application role ${name} does not exist: create it first (docs/operations.md, "Two database roles").`);
  if (role.superuser) throw new Error(`The application role ${name} is a superuser: it must be an ordinary role (docs/operations.md, "Two database roles").`);
  if (name === role.owner || role.member) {
    throw new Error(`The application role ${name} is the owner's role ${role.owner} or a member of it: the site must connect as another role (docs/operations.md, "Two database roles").`);
  }
  if (role.owned.length > 0) {
    throw new Error(
      `The application role ${name} owns ${role.owned.join(', ')}: give them to the owner (REASSIGN OWNED BY ${name} TO ${role.owner}, run in this database by an administrator) and run the migrations again.`,
    );
  }
}

/**
 * The application role's rights, as the owner: DML on every table of the public schema, USAGE on
 * its sequences, only INSERT and SELECT on the append-only tables, and the same by default for
 * what the owner creates later. Rights given before are replaced, so the set is always this one.
 */
export async function grantAppRole(client: Client, name: string): Promise<void> {
  const role = escapeIdentifier(name);
  const { rows } = await client.query<{ database: string }>('select current_database() as database');
  await client.query(`GRANT CONNECT ON DATABASE ${escapeIdentifier(rows[0].database)} TO ${role}`);
  await client.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
  await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${role}`);
  await client.query(`GRANT ${TABLE_RIGHTS} ON ALL TABLES IN SCHEMA public TO ${role}`);
  await client.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${role}`);
  await client.query(`GRANT ${SEQUENCE_RIGHTS} ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
  for (const table of APPEND_ONLY_TABLES) {
    const { rows: found } = await client.query<{ present: boolean }>('select to_regclass($1) is not null as present', [`public.${table}`]);
    if (found[0].present) await client.query(`REVOKE UPDATE, DELETE ON public.${escapeIdentifier(table)} FROM ${role}`);
  }
  await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ${TABLE_RIGHTS} ON TABLES TO ${role}`);
  await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ${SEQUENCE_RIGHTS} ON SEQUENCES TO ${role}`);
}

/**
 * Connects as the owner (`ownerUrl`) and sets up the application role in one transaction: creates
 * it (or resets its attributes and password) when a password is given, checks that it holds no
 * power over the tables, and grants its rights. Run after the migrations, on every start.
 */
export async function prepareAppRole(ownerUrl: string, appRole: AppRole): Promise<void> {
  const client = new Client({ connectionString: ownerUrl, application_name: 'truyen-audio-roles' });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('select pg_advisory_xact_lock($1)', [ROLE_SETUP_LOCK]);
    if (appRole.password !== undefined) await ensureLoginRole(client, appRole.name, appRole.password);
    await assertUnprivileged(client, appRole.name);
    await grantAppRole(client, appRole.name);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
