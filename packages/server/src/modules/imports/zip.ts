import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import {
  DEFLATED,
  DIRECTORY_ENTRY,
  END_OF_DIRECTORY,
  LOCAL_HEADER,
  STORED,
} from '../../lib/zip-format.ts';

/** What this reader does not handle (zip64, other compression); the caller falls back. */
export class UnsupportedZip extends Error {}

type Entry = { name: string; method: number; compressedSize: number; headerOffset: number };

const findEndOfDirectory = (zip: Buffer): number => {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65_535); at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new UnsupportedZip('no end of central directory');
};

/** The entries of a zip file held in memory, by name, from its central directory. */
export const zipEntries = (zip: Buffer): Map<string, Entry> => {
  const end = findEndOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new UnsupportedZip('zip64');
  const entries = new Map<string, Entry>();
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY)
      throw new UnsupportedZip('bad central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, {
      name,
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      headerOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
};

/** The compressed bytes of an entry (after its local header, whose lengths may differ). */
const entryData = (zip: Buffer, entry: Entry): Buffer => {
  const at = entry.headerOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER)
    throw new UnsupportedZip('bad local header');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (entry.compressedSize === 0xffffffff || start + entry.compressedSize > zip.length)
    throw new UnsupportedZip('entry out of bounds');
  if (entry.method !== STORED && entry.method !== DEFLATED)
    throw new UnsupportedZip(`compression method ${entry.method}`);
  return zip.subarray(start, start + entry.compressedSize);
};

/** A whole (small) entry as text. */
export const entryText = (zip: Buffer, entry: Entry): string => {
  const data = entryData(zip, entry);
  return (entry.method === STORED ? data : inflateRawSync(data)).toString('utf8');
};

/** An entry as text, a chunk at a time, inflated as it is read (a worksheet of any size). */
export async function* entryChunks(zip: Buffer, entry: Entry): AsyncGenerator<string> {
  const data = entryData(zip, entry);
  const decoder = new StringDecoder('utf8');
  if (entry.method === STORED) {
    yield decoder.write(data) + decoder.end();
    return;
  }
  const inflate = Readable.from([data]).pipe(createInflateRaw({ chunkSize: 256 * 1024 }));
  try {
    for await (const chunk of inflate) yield decoder.write(chunk as Buffer);
    yield decoder.end();
  } finally {
    inflate.destroy();
  }
}
