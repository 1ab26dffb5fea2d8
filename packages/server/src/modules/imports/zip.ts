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
import {
  MAX_HELD_PART_BYTES,
  MAX_UNPACKED_BYTES,
  partLargerThanStated,
  partTooLarge,
  unpacksTooLarge,
} from './limits.ts';

/** What this reader does not handle (zip64, other compression); the caller falls back. */
export class UnsupportedZip extends Error {}

type Entry = {
  name: string;
  method: number;
  compressedSize: number;
  /** The unpacked size the central directory states; unpacking never goes past it. */
  size: number;
  headerOffset: number;
};

const findEndOfDirectory = (zip: Buffer): number => {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65_535); at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new UnsupportedZip('no end of central directory');
};

/**
 * The entries of a zip file held in memory, by name, from its central directory. A 400 when
 * their stated sizes add up to more than an upload may hold: checked before anything is unpacked.
 */
export const zipEntries = (zip: Buffer): Map<string, Entry> => {
  const end = findEndOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new UnsupportedZip('zip64');
  const entries = new Map<string, Entry>();
  let total = 0;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY)
      throw new UnsupportedZip('bad central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff) throw new UnsupportedZip('zip64');
    total += size;
    if (total > MAX_UNPACKED_BYTES) throw unpacksTooLarge();
    entries.set(name, {
      name,
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size,
      headerOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
};

/** Where an entry's data starts (after its local header, whose lengths may differ). */
const dataStart = (zip: Buffer, entry: Entry): number => {
  const at = entry.headerOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER)
    throw new UnsupportedZip('bad local header');
  if (entry.method !== STORED && entry.method !== DEFLATED)
    throw new UnsupportedZip(`compression method ${entry.method}`);
  return at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
};

/** The compressed bytes of an entry. */
const entryData = (zip: Buffer, entry: Entry): Buffer => {
  const start = dataStart(zip, entry);
  if (entry.compressedSize === 0xffffffff || start + entry.compressedSize > zip.length)
    throw new UnsupportedZip('entry out of bounds');
  if (entry.method === STORED && entry.compressedSize > entry.size) throw partLargerThanStated();
  return zip.subarray(start, start + entry.compressedSize);
};

/** Deflated bytes unpacked, but never past `size` (a 400 if there is more). */
const inflateAtMost = (data: Buffer, size: number): Buffer => {
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, size) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw partLargerThanStated();
    throw error;
  }
};

/** A whole (small) entry as text: at most MAX_HELD_PART_BYTES, and never past its stated size. */
export const entryText = (zip: Buffer, entry: Entry): string => {
  if (entry.size > MAX_HELD_PART_BYTES) throw partTooLarge();
  const data = entryData(zip, entry);
  return (entry.method === STORED ? data : inflateAtMost(data, entry.size)).toString('utf8');
};

/**
 * Checks, before SheetJS reads the file, that no entry unpacks to more than its stated size,
 * itself at most MAX_HELD_PART_BYTES: SheetJS unpacks every entry whole, from its local header
 * to the end of its deflate stream, with no cap of its own. Unpacks the same bytes SheetJS
 * will, one entry at a time, and keeps nothing.
 */
export const checkZipForSheetJs = (zip: Buffer): void => {
  for (const entry of zipEntries(zip).values()) {
    if (entry.size > MAX_HELD_PART_BYTES) throw partTooLarge();
    if (entry.method === DEFLATED) inflateAtMost(zip.subarray(dataStart(zip, entry)), entry.size);
  }
};

/**
 * An entry as text, a chunk at a time, inflated as it is read (a worksheet of any size up to
 * what zipEntries allows); a 400 as soon as it unpacks past its stated size.
 */
export async function* entryChunks(zip: Buffer, entry: Entry): AsyncGenerator<string> {
  const data = entryData(zip, entry);
  const decoder = new StringDecoder('utf8');
  if (entry.method === STORED) {
    yield decoder.write(data) + decoder.end();
    return;
  }
  const inflate = Readable.from([data]).pipe(createInflateRaw({ chunkSize: 256 * 1024 }));
  let unpacked = 0;
  try {
    for await (const chunk of inflate) {
      unpacked += (chunk as Buffer).length;
      if (unpacked > entry.size) throw partLargerThanStated();
      yield decoder.write(chunk as Buffer);
    }
    yield decoder.end();
  } finally {
    inflate.destroy();
  }
}
