import { open, type FileHandle } from 'node:fs/promises';

/**
 * Just enough of the OLE compound file format (MS-CFB,
 * https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-cfb/) to list the streams
 * directly under the root storage. A legacy .xls keeps its workbook in a root stream named
 * `Workbook` (BIFF8) or `Book` (BIFF5); a Word document, an MSI installer or a bare header shares
 * the container signature but not that stream.
 *
 * Only the header, the FAT sectors on the directory's chain and the directory itself are read,
 * never the streams. Every chain and tree walk is bounded and loop-checked, so a crafted file
 * costs at most a few MiB of reads.
 */

const SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const HEADER_BYTES = 512;
const HEADER_DIFAT_ENTRIES = 109;
/** Sector numbers above this are markers: DIFSECT, FATSECT, ENDOFCHAIN, FREESECT. */
const MAX_REGULAR_SECTOR = 0xfffffffa;
const NO_STREAM = 0xffffffff;
const ENTRY_BYTES = 128;
const STORAGE = 1;
const STREAM = 2;
const ROOT = 5;
/** 1,024 directory sectors: 4,096 entries in a version 3 file (512-byte sectors), 32,768 in version 4. */
const MAX_DIRECTORY_SECTORS = 1024;
const MAX_DIFAT_SECTORS = 1024;

interface Entry {
  /** Upper-cased: MS-CFB compares names case-insensitively. */
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
}

/** The upper-cased names of the streams directly under the root storage; empty when the file is not a readable compound file. */
export async function compoundFileRootStreams(path: string): Promise<Set<string>> {
  const file = await open(path, 'r');
  try {
    return await rootStreams(file);
  } finally {
    await file.close();
  }
}

async function rootStreams(file: FileHandle): Promise<Set<string>> {
  const header = await read(file, 0, HEADER_BYTES);
  if (header.length < HEADER_BYTES || !header.subarray(0, 8).equals(SIGNATURE)) return new Set();
  const major = header.readUInt16LE(0x1a);
  const shift = header.readUInt16LE(0x1e);
  if (!((major === 3 && shift === 9) || (major === 4 && shift === 12))) return new Set();

  const sectors = new SectorReader(file, shift);
  const fat = new Fat(sectors, await difat(header, sectors));
  const directory: Buffer[] = [];
  const seen = new Set<number>();
  for (let sector = header.readUInt32LE(0x30); sector <= MAX_REGULAR_SECTOR && !seen.has(sector); sector = await fat.next(sector)) {
    if (seen.size >= MAX_DIRECTORY_SECTORS) break;
    seen.add(sector);
    const bytes = await sectors.read(sector);
    if (bytes.length < sectors.size) break;
    directory.push(bytes);
  }
  const entries = Buffer.concat(directory);
  const entry = (id: number): Entry | undefined => (id === NO_STREAM || (id + 1) * ENTRY_BYTES > entries.length ? undefined : parseEntry(entries, id));

  const root = entry(0);
  if (root?.type !== ROOT) return new Set();
  // The root's children form one red-black tree, linked by left and right siblings.
  const names = new Set<string>();
  const visited = new Set<number>();
  const pending = [root.child];
  while (pending.length > 0) {
    const id = pending.pop() as number;
    const child = visited.has(id) ? undefined : entry(id);
    if (!child) continue;
    visited.add(id);
    if (child.type === STREAM) names.add(child.name);
    if (child.type === STREAM || child.type === STORAGE) pending.push(child.left, child.right);
  }
  return names;
}

function parseEntry(entries: Buffer, id: number): Entry {
  const at = id * ENTRY_BYTES;
  const nameBytes = Math.min(entries.readUInt16LE(at + 0x40), 64);
  // The length counts the terminating NUL.
  const name = entries.toString('utf16le', at, at + Math.max(0, nameBytes - 2)).toUpperCase();
  return {
    name,
    type: entries[at + 0x42],
    left: entries.readUInt32LE(at + 0x44),
    right: entries.readUInt32LE(at + 0x48),
    child: entries.readUInt32LE(at + 0x4c),
  };
}

/** Where the FAT sectors are: 109 in the header, then a chain of DIFAT sectors. */
async function difat(header: Buffer, sectors: SectorReader): Promise<number[]> {
  const locations: number[] = [];
  for (let n = 0; n < HEADER_DIFAT_ENTRIES; n++) locations.push(header.readUInt32LE(0x4c + n * 4));
  const perSector = sectors.size / 4 - 1; // the last entry links to the next DIFAT sector
  const seen = new Set<number>();
  let sector = header.readUInt32LE(0x44);
  while (sector <= MAX_REGULAR_SECTOR && !seen.has(sector) && seen.size < MAX_DIFAT_SECTORS) {
    seen.add(sector);
    const bytes = await sectors.read(sector);
    if (bytes.length < sectors.size) break;
    for (let n = 0; n < perSector; n++) locations.push(bytes.readUInt32LE(n * 4));
    sector = bytes.readUInt32LE(perSector * 4);
  }
  return locations;
}

class SectorReader {
  readonly size: number;

  constructor(
    private readonly file: FileHandle,
    private readonly shift: number,
  ) {
    this.size = 1 << shift;
  }

  /** Sector n starts after the header sector; a short or empty buffer past the end of the file. */
  read(sector: number): Promise<Buffer> {
    return read(this.file, (sector + 1) * this.size, this.size);
  }
}

/** The file allocation table: each sector's successor in its chain. FAT sectors are read when needed, once. */
class Fat {
  private readonly loaded = new Map<number, Buffer>();

  constructor(
    private readonly sectors: SectorReader,
    private readonly locations: number[],
  ) {}

  async next(sector: number): Promise<number> {
    const perSector = this.sectors.size / 4;
    const location = this.locations[Math.floor(sector / perSector)];
    if (location === undefined || location > MAX_REGULAR_SECTOR) return NO_STREAM;
    let bytes = this.loaded.get(location);
    if (!bytes) {
      bytes = await this.sectors.read(location);
      this.loaded.set(location, bytes);
    }
    const at = (sector % perSector) * 4;
    return at + 4 <= bytes.length ? bytes.readUInt32LE(at) : NO_STREAM;
  }
}

async function read(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}
