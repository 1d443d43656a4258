// A zip file written as it goes (the container of an XLSX): small entries deflated whole, one large entry
// deflated as a stream with a data descriptor after it, and the central directory at the end. Every write
// waits for the file when its buffer is full, so memory stays at a few buffers whatever the entry's size.
import { createWriteStream, type WriteStream } from 'node:fs';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import * as moduleTexts from './texts.json';

/** The classic zip format's limit (no ZIP64): sizes and offsets fit 32 bits. */
const ZIP_LIMIT = 0xffffffff;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const DEFLATE = 8;
const VERSION = 20;

export const ZIP_TEXTS = moduleTexts.zip;

export interface ZipEntryStream {
  /** Deflates the text into the entry; resolves when the file can take more. */
  write(text: string): Promise<void>;
  /** Ends the entry (its data descriptor follows the data). */
  end(): Promise<void>;
}

export interface ZipWriter {
  /** A whole entry (small: deflated in one call). */
  add(name: string, content: string): Promise<void>;
  /** An entry written a piece at a time; no other entry may be added until it ends. */
  open(name: string): ZipEntryStream;
  /** Writes the central directory and closes the file. */
  close(): Promise<void>;
  /** Gives the file up half written (the caller's failure): its compressor and file are destroyed and closed. */
  abort(): Promise<void>;
}

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** MS-DOS time and date (local fields of the zip headers), at 2-second resolution. */
function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((Math.max(1980, at.getFullYear()) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

const within = (n: number): number => {
  if (n > ZIP_LIMIT) throw new Error(ZIP_TEXTS.tooLarge);
  return n;
};

/**
 * Destroys a file stream and resolves once its descriptor is closed. The writes the destroy cuts short fail
 * (ERR_STREAM_DESTROYED): heard here, as the file is given up anyway; unheard, the error would end the thread
 * before the 'close' this waits for.
 */
export function destroyed(file: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    file.on('error', () => {});
    file.once('close', () => resolve());
    file.destroy();
  });
}

export function openZip(path: string, at = new Date()): ZipWriter {
  const file = createWriteStream(path);
  // A file or compressor error (no such directory, disk full) fails the call under way and every later one
  // instead of crashing the thread: it ends every wait for a stream that will not move again. (Each wait
  // listens for its own event and leaves nothing behind: racing every wait against one long-lived "failed"
  // promise would add a reaction to it per wait, a leak of one per chunk.)
  let failure: Error | undefined;
  const waits = new Set<(error?: Error) => void>();
  const onError = (error: Error) => {
    failure ??= error;
    for (const end of [...waits]) end(failure);
  };
  file.on('error', onError);
  const wait = (emitter: NodeJS.EventEmitter, event: string): Promise<void> => {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      const happened = () => end();
      const end = (error?: Error) => {
        emitter.off(event, happened);
        waits.delete(end);
        if (error) reject(error);
        else resolve();
      };
      emitter.on(event, happened);
      waits.add(end);
    });
  };
  const { time, date } = dosDateTime(at);
  let compressor: NodeJS.ReadWriteStream & { destroy(): void } | undefined;
  const entries: Entry[] = [];
  let offset = 0;
  let streaming = false;

  const check = () => {
    if (failure) throw failure;
    if (streaming) throw new Error('A zip entry is still being written');
  };

  async function put(buffer: Buffer): Promise<void> {
    if (failure) throw failure;
    offset += buffer.length;
    if (!file.write(buffer)) await wait(file, 'drain');
  }

  /**
   * The fields local and central headers share, from the flags to the name's length, written at `at` (6 in a
   * local header, 8 in a central one, after its "version made by").
   */
  function entryFields(header: Buffer, at: number, entry: Entry): void {
    header.writeUInt16LE(entry.flags, at);
    header.writeUInt16LE(DEFLATE, at + 2);
    header.writeUInt16LE(time, at + 4);
    header.writeUInt16LE(date, at + 6);
    // With a data descriptor the CRC and sizes are zero in the local header and follow the data.
    header.writeUInt32LE(entry.crc, at + 8);
    header.writeUInt32LE(entry.compressed, at + 12);
    header.writeUInt32LE(entry.size, at + 16);
    header.writeUInt16LE(entry.name.length, at + 20);
  }

  function localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    entryFields(header, 6, entry);
    header.writeUInt16LE(0, 28);
    return Buffer.concat([header, entry.name]);
  }

  function centralHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(VERSION, 6);
    entryFields(header, 8, entry);
    // Extra field, comment, disk, internal and external attributes: none.
    header.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([header, entry.name]);
  }

  return {
    async add(name, content) {
      check();
      const data = Buffer.from(content, 'utf8');
      const deflated = deflateRawSync(data);
      const entry: Entry = { name: Buffer.from(name, 'utf8'), flags: FLAG_UTF8, crc: crc32(data), compressed: within(deflated.length), size: within(data.length), offset: within(offset) };
      entries.push(entry);
      await put(localHeader(entry));
      await put(deflated);
    },

    open(name) {
      check();
      streaming = true;
      const entry: Entry = { name: Buffer.from(name, 'utf8'), flags: FLAG_UTF8 | FLAG_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset: within(offset) };
      entries.push(entry);
      const header = localHeader(entry);
      offset += header.length;
      file.write(header);
      const deflate = createDeflateRaw();
      compressor = deflate;
      deflate.on('error', onError);
      deflate.on('data', (chunk: Buffer) => {
        entry.compressed += chunk.length;
        offset += chunk.length;
      });
      // The file pulls from the compressor as it writes: a full file buffer pauses the compressor, whose full
      // input buffer in turn makes write() below wait.
      deflate.pipe(file, { end: false });
      return {
        async write(text) {
          if (failure) throw failure;
          const data = Buffer.from(text, 'utf8');
          entry.crc = crc32(data, entry.crc);
          entry.size += data.length;
          within(entry.size);
          if (!deflate.write(data)) await wait(deflate, 'drain');
        },
        async end() {
          if (failure) throw failure;
          deflate.end();
          await wait(deflate, 'end');
          deflate.unpipe(file);
          within(entry.compressed);
          const descriptor = Buffer.alloc(16);
          descriptor.writeUInt32LE(0x08074b50, 0);
          descriptor.writeUInt32LE(entry.crc, 4);
          descriptor.writeUInt32LE(entry.compressed, 8);
          descriptor.writeUInt32LE(entry.size, 12);
          streaming = false;
          await put(descriptor);
        },
      };
    },

    async close() {
      check();
      const start = within(offset);
      for (const entry of entries) await put(centralHeader(entry));
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(within(offset - start), 12);
      end.writeUInt32LE(start, 16);
      await put(end);
      file.end();
      await wait(file, 'close');
      if (failure) throw failure;
    },

    async abort() {
      failure ??= new Error('The file was given up');
      for (const end of [...waits]) end(failure);
      compressor?.destroy();
      if (!file.closed) await destroyed(file);
    },
  };
}
