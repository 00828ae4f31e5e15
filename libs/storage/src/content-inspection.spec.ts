import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { DisallowedFileTypeError, inspectUpload } from './content-inspection';
import { contentTypeForKey } from './content-types';
import { allowedMimeTypes } from './upload-types';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PRIVATE = allowedMimeTypes('file');

describe('inspectUpload', () => {
  let dir: string;
  let counter = 0;
  before(async () => (dir = await mkdtemp(join(tmpdir(), 'inspect-'))));
  after(() => rm(dir, { recursive: true, force: true }));

  async function inspect(bytes: Buffer, declaredMimeType: string, originalName: string, allowed = PRIVATE) {
    const path = join(dir, `upload-${++counter}`);
    await writeFile(path, bytes);
    return inspectUpload({ path, declaredMimeType, originalName, allowedMimeTypes: allowed });
  }

  async function refusal(promise: Promise<unknown>): Promise<DisallowedFileTypeError> {
    const error = await promise.then(() => undefined, (caught: unknown) => caught);
    expect(error).to.be.instanceOf(DisallowedFileTypeError);
    return error as DisallowedFileTypeError;
  }

  const samples: Array<[string, string, () => Buffer, string]> = [
    ['image/jpeg', 'photo.JPEG', jpeg, 'jpg'],
    ['image/jpeg', 'photo.jpg', jpeg, 'jpg'],
    ['image/png', 'logo.png', png, 'png'],
    ['image/gif', 'spinner.gif', gif, 'gif'],
    ['image/webp', 'banner.webp', webp, 'webp'],
    ['image/avif', 'banner.avif', () => isoMedia('avif'), 'avif'],
    ['video/mp4', 'trailer.mp4', () => isoMedia('isom'), 'mp4'],
    ['video/mp4', 'trailer.m4v', () => isoMedia('M4V '), 'mp4'],
    ['video/webm', 'lesson.webm', webm, 'webm'],
    ['video/quicktime', 'lesson.mov', () => isoMedia('qt  '), 'mov'],
    ['application/pdf', 'notes.pdf', pdf, 'pdf'],
    [XLSX, 'prices.xlsx', xlsx, 'xlsx'],
    ['application/vnd.ms-excel', 'prices.xls', () => compoundFile([stream('\x05SummaryInformation'), stream('Workbook')]), 'xls'],
    ['application/vnd.ms-excel', 'excel95.xls', () => compoundFile([stream('Book')]), 'xls'],
    ['application/vnd.ms-excel', 'v4.xls', () => compoundFile([stream('Workbook')], { version: 4 }), 'xls'],
    ['text/csv', 'prices.csv', csv, 'csv'],
  ];
  for (const [mimeType, name, sample, extension] of samples) {
    it(`accepts a real ${mimeType} file named ${name}`, async () => {
      expect(await inspect(sample(), mimeType, name)).to.deep.equal({ mimeType, extension });
      // The stored key's extension gives the file route back the same content type.
      expect(contentTypeForKey(`uploads/file/key.${extension}`)).to.equal(mimeType);
    });
  }

  it('refuses a renamed ELF executable declared as image/png', async () => {
    const error = await refusal(inspect(elf(), 'image/png', 'avatar.png'));
    expect(error.message).to.include('image/png');
  });

  it('refuses a renamed Windows (MZ) executable declared as image/png', async () => {
    await refusal(inspect(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126)]), 'image/png', 'avatar.png'));
  });

  it('refuses a JPEG declared as a PNG', async () => {
    await refusal(inspect(jpeg(), 'image/png', 'logo.png'));
  });

  it('refuses a QuickTime movie declared as MP4', async () => {
    await refusal(inspect(isoMedia('qt  '), 'video/mp4', 'trailer.mp4'));
  });

  it('refuses binary bytes declared as CSV', async () => {
    await refusal(inspect(Buffer.from('a,b\n\x00\x01\x02'), 'text/csv', 'data.csv'));
  });

  it('refuses a CSV whose NUL bytes come after the first 8 KiB', async () => {
    const text = Buffer.from('symbol,price\n'.padEnd(64 * 1024, 'x'));
    await refusal(inspect(Buffer.concat([text, Buffer.from([0, 1, 2]), Buffer.from('\nNABIL,512\n')]), 'text/csv', 'data.csv'));
  });

  it('refuses a CSV with a NUL byte in its last chunk', async () => {
    const body = Buffer.alloc(1024 * 1024 + 7, 'a,b\n');
    body[body.length - 1] = 0;
    await refusal(inspect(body, 'text/csv', 'data.csv'));
  });

  it('accepts a CSV of several MiB without NUL bytes', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 'NABIL,512.5\n');
    expect(await inspect(body, 'text/csv', 'prices.csv')).to.deep.equal({ mimeType: 'text/csv', extension: 'csv' });
  });

  describe('a legacy .xls (OLE compound file) must hold a Workbook or Book stream at its root', () => {
    const XLS = 'application/vnd.ms-excel';
    const refusals: Array<[string, () => Buffer]> = [
      ['a bare compound file header', cfbHeaderOnly],
      ['a compound file with an empty directory', () => compoundFile([])],
      ['a Word document renamed .xls', () => compoundFile([stream('WordDocument'), stream('1Table'), stream('\x05SummaryInformation')])],
      ['an MSI installer renamed .xls', msi],
      [
        'a Word document with an embedded workbook (not at the root)',
        () => compoundFile([stream('WordDocument'), storage('ObjectPool', [storage('_1234567890', [stream('Workbook')])])]),
      ],
      ['a storage (not a stream) named Workbook', () => compoundFile([storage('Workbook', [stream('Data')])])],
      ['a compound file whose directory chain loops on itself', () => compoundFile([stream('WordDocument')], { loopDirectory: true })],
      ['a compound file with an unknown sector size', () => compoundFile([stream('Workbook')], { sectorShift: 10 })],
      ['a compound file cut short after its header', () => compoundFile([stream('Workbook')]).subarray(0, 512)],
    ];
    for (const [name, sample] of refusals) {
      it(`refuses ${name}`, async () => {
        const error = await refusal(inspect(sample(), XLS, 'prices.xls'));
        expect(error.message).to.equal(`The file's content is not of type ${XLS}`);
      });
    }

    it('finds the workbook stream anywhere in the root tree, across directory sectors that are not contiguous', async () => {
      const streams = ['\x05SummaryInformation', '\x05DocumentSummaryInformation', 'CompObj', 'Ctls', '_VBA_PROJECT_CUR', 'Workbook'];
      const sample = compoundFile(streams.map((name) => stream(name)));
      expect(sample.length).to.be.greaterThan(512 * 4); // the directory spans two sectors, with a free sector between them
      expect(await inspect(sample, XLS, 'macros.xls')).to.deep.equal({ mimeType: XLS, extension: 'xls' });
    });
  });

  it('refuses an executable declared as CSV', async () => {
    await refusal(inspect(elf(), 'text/csv', 'data.csv'));
  });

  it('refuses an extension that does not belong to the declared type, naming it', async () => {
    const error = await refusal(inspect(png(), 'image/png', 'logo.exe'));
    expect(error.message).to.include('.exe');
  });

  it('refuses a file name without an extension', async () => {
    await refusal(inspect(png(), 'image/png', 'logo'));
  });

  it('refuses a declared type outside the allow-list, naming it', async () => {
    const error = await refusal(inspect(pdf(), 'application/pdf', 'notes.pdf', allowedMimeTypes('avatar')));
    expect(error.message).to.equal('File type application/pdf is not allowed for this upload');
  });

  it('refuses an unknown declared type', async () => {
    await refusal(inspect(elf(), 'application/x-msdownload', 'setup.exe'));
  });

  it('refuses an empty file', async () => {
    const error = await refusal(inspect(Buffer.alloc(0), 'image/png', 'logo.png'));
    expect(error.message).to.equal('The file is empty');
  });

  it('reads the declared type case-insensitively and without parameters', async () => {
    expect(await inspect(csv(), 'Text/CSV; charset=utf-8', 'a.csv')).to.deep.equal({ mimeType: 'text/csv', extension: 'csv' });
  });

  it('stores a .csv that Windows declared as application/vnd.ms-excel as text/csv', async () => {
    expect(await inspect(csv(), 'application/vnd.ms-excel', 'a.csv')).to.deep.equal({ mimeType: 'text/csv', extension: 'csv' });
  });
});

// Minimal but genuine files, built here so the tests show what each signature is.

function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]); // 1x1, 8-bit RGB
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0])); // filter byte + one red pixel
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

function jpeg(): Buffer {
  const app0 = Buffer.from('ffe000104a46494600010100000100010000', 'hex'); // JFIF 1.1
  return Buffer.concat([Buffer.from('ffd8', 'hex'), app0, Buffer.from('ffd9', 'hex')]);
}

function gif(): Buffer {
  return Buffer.from('47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b', 'hex');
}

function webp(): Buffer {
  return Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'); // 1x1 lossless
}

/** An ISO base media file (MP4, MOV, AVIF): a `ftyp` box naming the major brand, then an empty `mdat`. */
function isoMedia(brand: string): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from(brand, 'latin1')]);
  return Buffer.concat([ftyp, Buffer.from([0, 0, 0, 8]), Buffer.from('mdat', 'latin1')]);
}

/** An EBML header: EBMLVersion 1, DocType `webm`. */
function webm(): Buffer {
  const body = Buffer.concat([Buffer.from('42868101', 'hex'), Buffer.from('428284', 'hex'), Buffer.from('webm', 'latin1')]);
  return Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.from([0x80 | body.length]), body]);
}

function pdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
}

/** The signature of an OLE compound file and nothing else: what file-type alone takes for a container. */
function cfbHeaderOnly(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header);
  return header;
}

interface CfbEntry {
  name: string;
  type: 'stream' | 'storage';
  children: CfbEntry[];
}
const stream = (name: string): CfbEntry => ({ name, type: 'stream', children: [] });
const storage = (name: string, children: CfbEntry[]): CfbEntry => ({ name, type: 'storage', children });

/** An MSI database: the installer CLSID on the root and stream names in MSI's packed encoding. */
function msi(): Buffer {
  const clsid = Buffer.from('84100c000000000000c0000000000046', 'hex'); // {000C1084-0000-0000-C000-000000000046}
  return compoundFile([stream('\u4840\u3f3f\u4577\u446c\u3b6a\u45e4\u4824'), stream('\x05SummaryInformation')], { clsid });
}

/**
 * An OLE compound file (MS-CFB) with the given entries under the root storage and empty streams:
 * sector 0 holds the FAT, the directory takes every other sector from 1 on (1, 3, ...), so its
 * chain has to be followed through the FAT. Siblings are chained through their right links.
 */
function compoundFile(
  rootChildren: CfbEntry[],
  options: { version?: 3 | 4; sectorShift?: number; clsid?: Buffer; loopDirectory?: boolean } = {},
): Buffer {
  const version = options.version ?? 3;
  const shift = options.sectorShift ?? (version === 4 ? 12 : 9);
  const sectorSize = 1 << shift;
  const [NOSTREAM, ENDOFCHAIN, FATSECT] = [0xffffffff, 0xfffffffe, 0xfffffffd];

  const entries: Array<{ name: string; type: number; right: number; child: number; clsid?: Buffer }> = [
    { name: 'Root Entry', type: 5, right: NOSTREAM, child: NOSTREAM, clsid: options.clsid },
  ];
  const add = (children: CfbEntry[]): number => {
    const ids = children.map((child) => entries.push({ name: child.name, type: child.type === 'storage' ? 1 : 2, right: NOSTREAM, child: NOSTREAM }) - 1);
    children.forEach((child, n) => {
      if (n + 1 < ids.length) entries[ids[n]].right = ids[n + 1];
      entries[ids[n]].child = add(child.children);
    });
    return ids.length > 0 ? ids[0] : NOSTREAM;
  };
  entries[0].child = add(rootChildren);

  const directory = Buffer.alloc(Math.ceil((entries.length * 128) / sectorSize) * sectorSize);
  entries.forEach((entry, id) => {
    const at = id * 128;
    const name = Buffer.from(`${entry.name}\0`, 'utf16le');
    name.copy(directory, at);
    directory.writeUInt16LE(name.length, at + 0x40);
    directory[at + 0x42] = entry.type;
    directory[at + 0x43] = 1; // black
    directory.writeUInt32LE(NOSTREAM, at + 0x44);
    directory.writeUInt32LE(entry.right, at + 0x48);
    directory.writeUInt32LE(entry.child, at + 0x4c);
    entry.clsid?.copy(directory, at + 0x50);
    directory.writeUInt32LE(ENDOFCHAIN, at + 0x74); // no data
  });
  const directorySectors = Array.from({ length: directory.length / sectorSize }, (_, n) => 1 + 2 * n);
  const sectorCount = directorySectors[directorySectors.length - 1] + 1;

  const fat = Buffer.alloc(sectorSize, 0xff); // FREESECT everywhere
  fat.writeUInt32LE(FATSECT, 0);
  directorySectors.forEach((sector, n) => {
    const next = options.loopDirectory ? sector : (directorySectors[n + 1] ?? ENDOFCHAIN);
    fat.writeUInt32LE(next, sector * 4);
  });

  const header = Buffer.alloc(sectorSize);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(version, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(shift, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(version === 4 ? directorySectors.length : 0, 0x28);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(directorySectors[0], 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(ENDOFCHAIN, 0x3c);
  header.writeUInt32LE(ENDOFCHAIN, 0x44);
  header.fill(0xff, 0x4c, 512); // DIFAT: unused slots are FREESECT
  header.writeUInt32LE(0, 0x4c); // the FAT is sector 0

  const body = Buffer.alloc(sectorCount * sectorSize);
  fat.copy(body, 0);
  directorySectors.forEach((sector, n) => directory.copy(body, sector * sectorSize, n * sectorSize, (n + 1) * sectorSize));
  return Buffer.concat([header, body]);
}

function csv(): Buffer {
  return Buffer.from('symbol,price\nNABIL,512.5\nNICA,890\n', 'utf8');
}

function elf(): Buffer {
  return Buffer.concat([Buffer.from('7f454c46020101000000000000000000', 'hex'), Buffer.alloc(48)]);
}

/** A stored (uncompressed) ZIP holding an OpenXML spreadsheet's content types and workbook. */
function xlsx(): Buffer {
  const entries = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    'xl/workbook.xml': '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  };
  const u16 = (value: number) => Buffer.from([value & 0xff, value >> 8]);
  const u32 = (value: number) => Buffer.from(new Uint32Array([value]).buffer);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const [data, fileName] = [Buffer.from(content), Buffer.from(name)];
    // version 2.0, no flags, method 0 (stored), no time or date, CRC-32, sizes, name length, no extra
    const common = [u16(20), u16(0), u16(0), u32(0), u32(crc32(data)), u32(data.length), u32(data.length), u16(fileName.length), u16(0)];
    const local = Buffer.concat([u32(0x04034b50), ...common, fileName, data]);
    centrals.push(Buffer.concat([u32(0x02014b50), u16(20), ...common, u16(0), u16(0), u16(0), u32(0), u32(offset), fileName]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const count = u16(centrals.length);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), count, count, u32(directory.length), u32(offset), u16(0)]);
  return Buffer.concat([...locals, directory, end]);
}
