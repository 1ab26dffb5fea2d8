import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../src/backup/backup-database.ts';
import type { DatabaseTarget } from '../src/backup/connect.ts';
import { openSession } from '../src/backup/connect.ts';
import { dumpDatabase } from '../src/backup/dump.ts';
import { restoreDatabase } from '../src/backup/restore-database.ts';
import { imports, mailAccounts, organizations, users } from '../src/db/schema.ts';
import { startJobQueue } from '../src/jobs/queue.ts';
import { createTokenService } from '../src/lib/tokens.ts';
import { createSecretBox } from '../src/mail/crypto.ts';
import { signin } from '../src/modules/auth/service.ts';
import { DEMO_LEADS, DEMO_PASSWORD, seedDemo } from '../src/seed/demo.ts';
import { countRows, emptyTarget, makeTempDir, openAsProduct } from './backup-support.ts';
import { TEST_SECRET_KEY } from './context.ts';

// The demo organisation in an embedded database, backed up, restored into the PostgreSQL
// server (when TEST_DATABASE_URL names one; else another embedded directory) and from there
// back into a new embedded directory: every hop must keep every row.

const MAIL_PASSWORD = 'mail password: "quoted", tab\there, back\\slash';
const JOB_QUEUE = 'backup-test';
/** An uploaded file kept for an import: every byte value, and text COPY must escape. */
const FILE = Buffer.concat([
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.from('\\\t\n\r'),
]);
const FILENAME = 'Liste für Jürgen\t(copy)\n2.xlsx';
const temp = makeTempDir();
const source: DatabaseTarget = { dataDir: join(temp.dir, 'source') };
const finalTarget: DatabaseTarget = { dataDir: join(temp.dir, 'final') };
let middle: Awaited<ReturnType<typeof emptyTarget>>;
let sourceCounts: Record<string, number>;
let jobId: string;

beforeAll(async () => {
  const database = await openAsProduct(source);
  await seedDemo(database.db, false);
  const [admin] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@demo.leadline.test'));
  await database.db.insert(mailAccounts).values({
    userId: admin!.id,
    isDefault: true,
    smtpHost: 'smtp.example.test',
    smtpPort: 587,
    smtpSecure: false,
    smtpUser: 'admin',
    smtpPassEncrypted: createSecretBox(TEST_SECRET_KEY).encrypt(MAIL_PASSWORD),
  });
  const [organization] = await database.db.select({ id: organizations.id }).from(organizations);
  await database.db.insert(imports).values({
    organizationId: organization!.id,
    userId: admin!.id,
    kind: 'leads',
    filename: FILENAME,
    file: FILE,
  });
  // A job queued and never worked on: it must run after the move.
  const queue = await startJobQueue(database, () => undefined);
  jobId = (await queue.send(JOB_QUEUE, { lead: 'Grace Hopper' }))!;
  await queue.stop();
  sourceCounts = await countRows(database);
  await database.close();
  middle = await emptyTarget(temp.dir, 'middle');
}, 180_000);

afterAll(async () => {
  await middle?.drop();
  temp.remove();
});

/**
 * The product on a restored database: sign-in, the stored mail password, the queued job. Every
 * row came over, and the audit log holds one entry more per backup taken of this database.
 */
const expectUsable = async (target: DatabaseTarget, backupsTaken: number) => {
  const database = await openAsProduct(target);
  try {
    const audit = 'public.audit_entries';
    expect(await countRows(database)).toEqual({
      ...sourceCounts,
      [audit]: sourceCounts[audit]! + backupsTaken,
    });
    const { rows: taken } = await database.executeSql(
      `SELECT actor_label, organization_id, details FROM audit_entries WHERE kind = 'backup.taken'`,
      [],
    );
    expect(taken).toEqual(
      Array.from({ length: backupsTaken }, () => ({
        actor_label: 'backup command',
        organization_id: null,
        details: expect.objectContaining({ file: 'second.sql', rows: expect.any(Number) }),
      })),
    );
    const tokens = createTokenService('backup-test-secret-backup-test-secret-12');
    const session = await signin(database.db, tokens, 'admin@demo.leadline.test', DEMO_PASSWORD);
    expect('user' in session && session.user.email).toBe('admin@demo.leadline.test');
    const [account] = await database.db.select().from(mailAccounts);
    expect(createSecretBox(TEST_SECRET_KEY).decrypt(account!.smtpPassEncrypted!)).toBe(
      MAIL_PASSWORD,
    );
    const [upload] = await database.db.select().from(imports);
    expect(upload!.filename).toBe(FILENAME);
    expect(Buffer.from(upload!.file!).equals(FILE)).toBe(true);
    const queue = await startJobQueue(database, () => undefined);
    try {
      const worked = new Promise<{ id: string; data: unknown }>((resolve) => {
        void queue.work(JOB_QUEUE, async (data, job) => resolve({ id: job.id, data }));
      });
      expect(await worked).toEqual({ id: jobId, data: { lead: 'Grace Hopper' } });
    } finally {
      await queue.stop();
    }
  } finally {
    await database.close();
  }
};

describe('backup and restore', () => {
  it('moves the demo organisation from the embedded database to another and back, row for row', async () => {
    expect(sourceCounts['public.leads']).toBe(DEMO_LEADS);
    expect(sourceCounts['pgboss.job']).toBeGreaterThan(0);

    const first = join(temp.dir, 'first.sql.gz');
    const written = await backupDatabase(source, first);
    expect(written.rows).toBeGreaterThan(DEMO_LEADS);
    const text = gunzipSync(readFileSync(first)).toString('utf8');
    expect(text.split('\n').slice(0, 2)).toEqual(['-- Leadline backup', '-- format: 1']);
    expect(text).toContain('COPY "public"."leads" (');
    expect(text).toContain('COPY "pgboss"."job" (');

    const restored = await restoreDatabase(middle.target, first);
    expect(restored).toMatchObject({ tables: written.tables, rows: written.rows });

    const second = join(temp.dir, 'second.sql');
    expect(await backupDatabase(middle.target, second)).toMatchObject({ rows: written.rows });
    await restoreDatabase(finalTarget, second);
    // Same rows whatever the physical order: every line of the two files, sorted, is equal.
    const lines = (body: string) =>
      body
        .split('\n')
        .filter((line) => !line.startsWith('-- made:'))
        .sort();
    expect(lines(readFileSync(second, 'utf8'))).toEqual(lines(text));
  }, 240_000);

  it(`serves the moved data on the restored databases: sign-in, mail password, queued job`, async () => {
    await expectUsable(middle.target, 1);
    await expectUsable(finalTarget, 0);
  }, 180_000);

  it('refuses to restore over a database that holds data, and changes nothing', async () => {
    const file = join(temp.dir, 'second.sql');
    const countsOf = async (target: typeof finalTarget) => {
      const database = await openAsProduct(target);
      try {
        return await countRows(database);
      } finally {
        await database.close();
      }
    };
    for (const target of [middle.target, finalTarget]) {
      // The sign-ins of the test before opened sessions: compare with the target as it was.
      const before = await countsOf(target);
      await expect(restoreDatabase(target, file)).rejects.toThrow(
        /Restore refused: the target database is not empty .*Nothing was changed/,
      );
      expect(await countsOf(target)).toEqual(before);
    }
  }, 120_000);

  it('stops with a clear message on a missing, foreign, newer, cut or damaged file', async () => {
    const target: DatabaseTarget = { dataDir: join(temp.dir, 'damaged') };
    const good = readFileSync(join(temp.dir, 'second.sql'), 'utf8');
    const file = (name: string, body: string | Buffer) => {
      const path = join(temp.dir, name);
      writeFileSync(path, body);
      return path;
    };
    await expect(restoreDatabase(target, join(temp.dir, 'nope.sql'))).rejects.toThrow(
      /backup file .*nope\.sql does not exist/,
    );
    await expect(restoreDatabase(target, file('foreign.sql', 'SELECT 1;\n'))).rejects.toThrow(
      /is not a Leadline backup/,
    );
    await expect(
      restoreDatabase(target, file('v9.sql', good.replace('-- format: 1', '-- format: 9'))),
    ).rejects.toThrow(/is a backup of format 9; this Leadline reads format 1/);
    await expect(
      restoreDatabase(
        target,
        file(
          'newer.sql',
          good.replace(/^-- migration: .*$/m, '-- migration: 9999_future 9999999999999'),
        ),
      ),
    ).rejects.toThrow(/made by a newer Leadline .*9999_future/);
    // Cut short: compressed, and plain in the middle of the leads.
    const gz = gzipSync(good);
    await expect(
      restoreDatabase(target, file('cut.sql.gz', gz.subarray(0, gz.length >> 1))),
    ).rejects.toThrow(/is damaged: its compressed data is cut short or corrupt/);
    const cut = good.slice(0, good.indexOf('COPY "public"."leads"') + 5000);
    await expect(restoreDatabase(target, file('cut.sql', cut))).rejects.toThrow(
      /is incomplete: it stops at line \d+ before the end of the backup/,
    );
    // A value that is not what its column holds, and a statement no backup has.
    const badValue = good.replace(
      /\tadmin@demo\.leadline\.test\t/,
      '\tadmin@demo.leadline.test\tnot-a-role\t',
    );
    await expect(restoreDatabase(target, file('bad-value.sql', badValue))).rejects.toThrow(
      /is damaged: its data for "public"\."users" \(from line \d+\) cannot be loaded/,
    );
    const injected = good.replace('SET TimeZone', 'DROP TABLE users;\nSET TimeZone');
    await expect(restoreDatabase(target, file('injected.sql', injected))).rejects.toThrow(
      /is damaged or not a Leadline backup: line \d+ is not part of one/,
    );
    // Every failed attempt left the target empty, so the good file still goes in.
    expect(await restoreDatabase(target, join(temp.dir, 'second.sql'))).toMatchObject({
      rows: Object.values(sourceCounts).reduce((a, b) => a + b, 0) - sourceCounts['pgboss.queue']!,
    });
  }, 240_000);
});

describe('a PostgreSQL server in use', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'backs up a PostgreSQL server in use from one snapshot: later writes are not in it',
    async () => {
      const conn = await openSession(middle.target, 'backup');
      const writer = await openAsProduct(middle.target);
      const lines: string[] = [];
      try {
        let wrote = false;
        await dumpDatabase(conn, {
          line: async (text) => {
            lines.push(text);
            // The product writes while the backup runs (after its snapshot was taken).
            if (!wrote && text.startsWith('COPY ')) {
              wrote = true;
              await writer.executeSql(
                "INSERT INTO organizations (name) VALUES ('written-during-backup')",
              );
            }
          },
          finish: async () => ({ bytes: 0 }),
          abort: async () => undefined,
        });
        const { rows } = await writer.executeSql(
          "SELECT count(*)::int AS n FROM organizations WHERE name = 'written-during-backup'",
        );
        expect(rows[0]).toEqual({ n: 1 });
        expect(lines.join('\n')).not.toContain('written-during-backup');
        await writer.executeSql("DELETE FROM organizations WHERE name = 'written-during-backup'");
      } finally {
        await writer.close();
        await conn.close();
      }
    },
    60_000,
  );
});
