// Tables of this feature; re-exported by ../tables.ts so drizzle-kit and the typed client see them.
export {};
