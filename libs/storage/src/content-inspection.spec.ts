import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { DisallowedFileTypeError, inspectUpload } from './content-inspection';
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
    ['application/vnd.ms-excel', 'prices.xls', cfb, 'xls'],
    ['text/csv', 'prices.csv', csv, 'csv'],
  ];
  for (const [mimeType, name, sample, extension] of samples) {
    it(`accepts a real ${mimeType} file named ${name}`, async () => {
      expect(await inspect(sample(), mimeType, name)).to.deep.equal({ mimeType, extension });
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

/** An OLE compound file header, the container of legacy .xls workbooks. */
function cfb(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header);
  return header;
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
