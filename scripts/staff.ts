// `npm run staff -- grant EMAIL ROLE | revoke EMAIL ROLE | list`: staff roles on the configured database (DATABASE_URL,
// or the embedded PGlite in DATA_DIR: stop the server first, as for content:import). This is how the first admin is
// made; after that, admins grant roles in the console (/staff/roles). Every change is in the audit log, by "command line".
import { ConfigError, databaseOptionsOf, loadConfig } from '../server/config';
import { openDatabase } from '../server/data/client';
import { keepDataDirPrivate } from '../server/data/data-dir';
import { ConsoleMailer } from '../server/mail/console-mailer';
import { DomainError } from '../server/services/errors';
import { StaffService } from '../server/services/staff';
import { isStaffRole, STAFF_ROLES } from '../src/domain/staff';

const USAGE = `Usage: npm run staff -- grant EMAIL ROLE | revoke EMAIL ROLE | list   (ROLE: ${STAFF_ROLES.join(', ')})`;

export async function runStaffCommand(
  args: string[], out: (line: string) => void, err: (line: string) => void, env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [command, email, role] = args;
  const changing = command === 'grant' || command === 'revoke';
  if (!(command === 'list' && args.length === 1) && !(changing && email && role && args.length === 3)) {
    err(USAGE);
    return 2;
  }
  if (changing && !isStaffRole(role!)) {
    err(`Unknown role "${role}". ${USAGE}`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
    if (!config.databaseUrl) keepDataDirPrivate(config.dataDir);
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message);
      return 2;
    }
    throw error;
  }
  const database = await openDatabase(databaseOptionsOf(config));
  const staff = new StaffService(database.db, new ConsoleMailer(), {
    staffEmail: undefined, publicUrl: config.publicUrl, now: Date.now, onMailFailure: () => undefined,
  });
  try {
    if (command === 'list') {
      const members = await staff.listStaff('');
      if (!members.length) out('Nobody holds a staff role yet. Make the first admin with: npm run staff -- grant EMAIL admin');
      for (const member of members) out(`${member.email}\t${member.name}\t${member.roles.join(', ')}`);
      return 0;
    }
    const member = await staff.changeRoleByEmail(email!, role as (typeof STAFF_ROLES)[number], command as 'grant' | 'revoke');
    out(`${member.email} now holds: ${member.roles.length ? member.roles.join(', ') : 'no staff role'}.`);
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runStaffCommand(process.argv.slice(2), console.log, console.error);
}
