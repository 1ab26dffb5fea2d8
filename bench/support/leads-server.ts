import { generateLeads, organizationOfUser } from './leads-data.ts';
import { benchDatabaseExisting, createBenchDatabase } from './postgres.ts';
import { ADMIN_PASSWORD, createAdmin, serverPid, signIn, startProduct } from './product.ts';
import { round } from './run.ts';
import type { Context } from './run.ts';

/**
 * A bench database of its own (`speed_<label>`), the product started on it, an Admin of one
 * organisation and `leads` leads generated in SQL for it; everything is undone when the bench
 * ends.
 */
export const productWithLeads = async (context: Context, label: string, leads: number) => {
  const { defer, log } = context;
  const database = await createBenchDatabase(`speed_${label}`);
  defer(database.drop);
  const server = await startProduct(database.url);
  defer(server.stop);
  const pid = serverPid(server);
  const admin = await createAdmin(server, `bench-${label}`);
  const organizationId = await organizationOfUser(database.url, admin.userId);
  log(`generating ${leads.toLocaleString('en')} leads in SQL`);
  const generated = await generateLeads(database.url, {
    organizationId,
    createdBy: admin.userId,
    count: leads,
    log,
  });
  log(`generated in ${round(generated.seconds)} s (table ${generated.tableMb} MB)`);
  return { database, server, pid, admin, organizationId, generated };
};

/**
 * The product started again on the database an earlier run of the same bench left behind
 * (BENCH_KEEP_DATABASE=1), its Admin signed in: for trying a change of a statement without
 * generating the data again. Figures to record come from a full run.
 */
export const productOnKeptDatabase = async (context: Context, label: string) => {
  const { defer, log } = context;
  const database = await benchDatabaseExisting(`speed_${label}`);
  const server = await startProduct(database.url);
  defer(server.stop);
  const email = `admin@bench-${label}.example`;
  const token = await signIn(server, email, ADMIN_PASSWORD);
  const [userId, organizationId] = await database.adminOf(email);
  log(`reusing ${database.name}`);
  return {
    database,
    server,
    pid: serverPid(server),
    admin: { email, token, userId, organization: `bench-${label}` },
    organizationId,
  };
};
