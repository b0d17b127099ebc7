import type { ClientBase } from 'pg';
import { logger } from '../logger';

/**
 * The start-up check of the role the site connects as (server/db/roles.ts): a superuser, the
 * owner of `audit_log` (or a member of its owner's role) or a role that may create roles could
 * switch the audit log's trigger off and rewrite it, so each is worth a warning.
 */

type Queryable = Pick<ClientBase, 'query'>;

interface RoleFacts {
  role: string;
  superuser: boolean;
  create_role: boolean;
  audit_owner: string | null;
  owns_audit: boolean | null;
}

const HOW = 'connect as the application role instead (docs/operations.md, "Two database roles")';

/** One line per power over the audit log the current role holds; none for the application role. */
export async function databaseRoleWarnings(database: Queryable): Promise<string[]> {
  const { rows } = await database.query<RoleFacts>(
    `select r.rolname as role, r.rolsuper as superuser, r.rolcreaterole as create_role,
       pg_get_userbyid(a.relowner) as audit_owner, pg_has_role(r.oid, a.relowner, 'MEMBER') as owns_audit
     from pg_roles r
     left join (pg_class a join pg_namespace n on n.oid = a.relnamespace and n.nspname = 'public') on a.relname = 'audit_log'
     where r.rolname = current_user`,
  );
  const [facts] = rows;
  if (!facts) return [];
  const warnings: string[] = [];
  if (facts.superuser) {
    warnings.push(`The site connects to PostgreSQL as ${facts.role}, a superuser: it could switch the audit log's trigger off and rewrite the log; ${HOW}.`);
  } else {
    if (facts.owns_audit) {
      const owner = facts.audit_owner === facts.role ? 'the owner of audit_log' : `a member of ${facts.audit_owner}, the owner of audit_log`;
      warnings.push(`The site connects to PostgreSQL as ${facts.role}, ${owner}: it could disable the table's triggers and rewrite the log; ${HOW}.`);
    }
    if (facts.create_role) {
      warnings.push(`The site connects to PostgreSQL as ${facts.role}, which may create roles (CREATEROLE): it could give itself the owner's rights; ${HOW}.`);
    }
  }
  return warnings;
}

/** Run once when a site process starts: logs the warnings; a database not reachable yet is no failure. */
export async function warnAboutDatabaseRole(database: Queryable, warn: (line: string) => void = (line) => logger.warn(line)): Promise<void> {
  try {
    for (const line of await databaseRoleWarnings(database)) warn(line);
  } catch (err) {
    logger.info({ err }, 'the database role could not be checked at start');
  }
}
