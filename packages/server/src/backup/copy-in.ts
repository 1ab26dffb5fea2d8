import type pg from 'pg';

/** The two calls of pg's connection that COPY FROM STDIN needs (not in @types/pg). */
type CopyConnection = pg.Connection & {
  sendCopyFromChunk: (chunk: Buffer) => void;
  endCopyFrom: () => void;
};

/**
 * `COPY ... FROM STDIN` over node-postgres without another dependency: a Submittable (the
 * interface pg-cursor and pg-copy-streams use) that answers the server's CopyInResponse with
 * the data and settles when the server is ready again (or at its error).
 */
export const copyIntoPostgres = (client: pg.Client, statement: string, data: string) =>
  new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve();
    };
    const noop = () => undefined;
    client.query({
      submit: (connection: pg.Connection) => connection.query(statement),
      handleCopyInResponse: (connection: CopyConnection) => {
        connection.sendCopyFromChunk(Buffer.from(data, 'utf8'));
        connection.endCopyFrom();
      },
      handleCommandComplete: noop,
      handleRowDescription: noop,
      handleDataRow: noop,
      handleEmptyQuery: noop,
      handlePortalSuspended: noop,
      handleCopyData: noop,
      handleError: (error: Error) => settle(error),
      handleReadyForQuery: () => settle(),
    } as pg.Submittable);
  });
