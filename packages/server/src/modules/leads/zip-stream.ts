import { once } from 'node:events';
import { constants, crc32, createDeflateRaw } from 'node:zlib';
import {
  DATA_DESCRIPTOR,
  DEFLATED,
  DIRECTORY_ENTRY,
  END_OF_DIRECTORY,
  LOCAL_HEADER,
} from '../../lib/zip-format.ts';

/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const VERSION = 20;
const MAX_32 = 0xffffffff;
/** 1980-01-01 00:00, the earliest MS-DOS date: the entries carry no meaningful time. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

type Written = { name: Buffer; crc: number; compressed: number; size: number; offset: number };

/**
 * A zip file written as it goes, for a consumer that reads it as a stream: each entry is
 * deflated while its content arrives and followed by a data descriptor (its CRC and sizes are
 * known only then), so nothing but the entry list is kept. Without zip64: an entry or the
 * whole file must stay under 4 GB (the writer fails rather than write a broken file).
 */
export const zipWriter = (level = constants.Z_DEFAULT_COMPRESSION) => {
  const written: Written[] = [];
  let offset = 0;
  const counted = (buffer: Buffer) => {
    offset += buffer.length;
    if (offset > MAX_32) throw new Error('The file is too large for a zip without zip64');
    return buffer;
  };

  /** Yields the entry's bytes: header, deflated content as it comes, data descriptor. */
  async function* entry(filename: string, content: AsyncIterable<string> | Iterable<string>) {
    const name = Buffer.from(filename, 'utf8');
    const start = offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATED, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt16LE(name.length, 26);
    yield counted(Buffer.concat([header, name]));

    const deflate = createDeflateRaw({ level });
    const out: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => out.push(chunk));
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const drain = function* () {
      for (let chunk = out.shift(); chunk; chunk = out.shift()) {
        compressed += chunk.length;
        yield counted(chunk);
      }
    };
    try {
      for await (const text of content) {
        const data = Buffer.from(text, 'utf8');
        crc = crc32(data, crc);
        size += data.length;
        if (size > MAX_32) throw new Error('An entry is too large for a zip without zip64');
        if (!deflate.write(data)) await once(deflate, 'drain');
        yield* drain();
      }
      const ended = once(deflate, 'end');
      deflate.end();
      await ended;
      yield* drain();
    } finally {
      // Also when the reader goes away mid-file: the deflate stream holds native memory.
      deflate.destroy();
    }

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield counted(descriptor);
    written.push({ name, crc, compressed, size, offset: start });
  }

  /** The central directory and its end record, after the last entry. */
  const finish = (): Buffer => {
    const start = offset;
    const records = written.map((file) => {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(DIRECTORY_ENTRY, 0);
      record.writeUInt16LE(VERSION, 4);
      record.writeUInt16LE(VERSION, 6);
      record.writeUInt16LE(FLAGS, 8);
      record.writeUInt16LE(DEFLATED, 10);
      record.writeUInt16LE(0, 12);
      record.writeUInt16LE(DOS_DATE, 14);
      record.writeUInt32LE(file.crc, 16);
      record.writeUInt32LE(file.compressed, 20);
      record.writeUInt32LE(file.size, 24);
      record.writeUInt16LE(file.name.length, 28);
      record.writeUInt32LE(file.offset, 42);
      return Buffer.concat([record, file.name]);
    });
    const directory = Buffer.concat(records);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_DIRECTORY, 0);
    end.writeUInt16LE(written.length, 8);
    end.writeUInt16LE(written.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    return counted(Buffer.concat([directory, end]));
  };

  return { entry, finish };
};
