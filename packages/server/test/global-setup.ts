/** Says once which database the suite runs on. */
export default function setup() {
  const target = process.env.TEST_DATABASE_URL
    ? `PostgreSQL at ${new URL(process.env.TEST_DATABASE_URL).host}`
    : 'PGlite (embedded)';
  console.log(`Database tests run on ${target}`);
}
