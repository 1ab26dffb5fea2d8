import {
  closeSync,
  createReadStream,
  createWriteStream,
  openSync,
  readSync,
  renameSync,
} from 'node:fs';
import { rmSync, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BackupError } from './connect.ts';

export type BackupOutput = {
  /** Writes one line, waiting when the disk is behind (the table is never held in memory). */
  line: (text: string) => Promise<void>;
  /** Closes the file and gives it its name: until then the backup is `FILE.partial`. */
  finish: () => Promise<{ bytes: number }>;
  /** Removes the unfinished file. */
  abort: () => Promise<void>;
};

/** Resolves when the stream wants more data, or when it failed (the caller checks). */
const drained = (stream: Writable) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('error', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('error', done);
    stream.on('close', done);
  });

/** A new backup file; gzip-compressed when its name ends in .gz. */
export const createBackupOutput = (file: string): BackupOutput => {
  const partial = `${file}.partial`;
  let fd: number;
  try {
    // Opened at once, so an unwritable place stops the backup before it reads anything.
    fd = openSync(partial, 'w', 0o600);
  } catch (error) {
    throw new BackupError(`Cannot write ${file}: ${(error as Error).message}`);
  }
  const fileStream = createWriteStream('', { fd });
  const gzip = file.endsWith('.gz') ? createGzip() : null;
  if (gzip) gzip.pipe(fileStream);
  const head: Writable = gzip ?? fileStream;
  let failure: Error | null = null;
  const fail = (error: Error) => (failure ??= error);
  fileStream.on('error', fail);
  gzip?.on('error', fail);
  const check = () => {
    if (failure) throw new BackupError(`Cannot write ${file}: ${failure.message}`);
  };
  return {
    line: async (text) => {
      check();
      if (!head.write(`${text}\n`)) await drained(head);
      check();
    },
    finish: async () => {
      head.end();
      await finished(fileStream).catch(fail);
      check();
      renameSync(partial, file);
      return { bytes: statSync(file).size };
    },
    abort: async () => {
      head.destroy();
      fileStream.destroy();
      rmSync(partial, { force: true });
    },
  };
};

/** The backup's lines, gunzipped when the file is gzip (whatever its name). */
export const readBackupLines = (file: string): AsyncIterable<string> => {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`The backup file ${file} does not exist`);
    throw new BackupError(`Cannot read the backup file ${file}: ${(error as Error).message}`);
  }
  const magic = Buffer.alloc(2);
  let size = 0;
  try {
    if (statSync(file).isDirectory()) throw new BackupError(`${file} is a directory, not a file`);
    size = readSync(fd, magic, 0, 2, 0);
  } finally {
    closeSync(fd);
  }
  const raw = createReadStream(file);
  let source: Readable = raw;
  if (size === 2 && magic[0] === 0x1f && magic[1] === 0x8b) {
    const gunzip = createGunzip();
    raw.on('error', (error) => gunzip.destroy(error));
    source = raw.pipe(gunzip);
  }
  return splitLines(source);
};

/** Lines of a stream (without their `\n`); a read or gunzip error ends the loop with it. */
async function* splitLines(source: Readable): AsyncIterable<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of source) {
    const lines = (rest + decoder.write(chunk as Buffer)).split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}
