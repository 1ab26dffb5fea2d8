import { generateLeads, organizationOfUser } from './leads-data.ts';
import { createBenchDatabase } from './postgres.ts';
import { createAdmin, serverPid, startProduct } from './product.ts';
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
