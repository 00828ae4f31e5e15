/**
 * Small files that are what they claim to be by content (magic numbers), for upload tests:
 * uploads are inspected, so a buffer of zeros named `a.png` is refused, as it should be.
 */

/** A 1x1 transparent PNG. */
export const pngBytes = (): Buffer =>
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A JFIF header and end-of-image marker: enough for a JPEG by signature. */
export const jpegBytes = (): Buffer =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.alloc(64, 0x20),
    Buffer.from([0xff, 0xd9]),
  ]);

/** A minimal PDF document. */
export const pdfBytes = (): Buffer =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * The header of an MP4 of `totalBytes`: an `ftyp` box (brand isom) and the header of one `mdat`
 * box holding the rest. Followed by `totalBytes - header.length` filler bytes it is a file every
 * sniffer takes for MP4, of any size, without building it in memory.
 */
export function mp4Header(totalBytes: number): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp41', 16, 'latin1');
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(Math.max(8, totalBytes - ftyp.length), 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

/** A whole small MP4 (`totalBytes`, default 1 KiB). */
export function mp4Bytes(totalBytes = 1024): Buffer {
  const header = mp4Header(totalBytes);
  return Buffer.concat([header, Buffer.alloc(Math.max(0, totalBytes - header.length), 0x11)]);
}

/** A Windows executable header: what a disallowed upload looks like. */
export const exeBytes = (): Buffer => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126, 0x00)]);
