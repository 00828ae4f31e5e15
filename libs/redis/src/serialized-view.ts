/**
 * A view kept as finished JSON, to be sent as it is (no parse, no re-serialisation), with a short
 * `tag` the reader checks before using it: e.g. when the view stops being valid, or whose it is.
 */
export interface SerializedView {
  json: Buffer;
  tag: string;
}

const NEWLINE = 0x0a;

/** The stored form: the tag, a newline, the JSON (JSON.stringify never writes a raw newline). */
export function storedForm(view: { json: string | Buffer; tag: string }): Buffer {
  if (view.tag.includes('\n')) throw new Error('a serialized view tag cannot hold a newline');
  return Buffer.concat([Buffer.from(`${view.tag}\n`), typeof view.json === 'string' ? Buffer.from(view.json) : view.json]);
}

/** The view of a stored form, or undefined when the bytes are not one (written by another version, say). */
export function fromStoredForm(stored: Buffer): SerializedView | undefined {
  const end = stored.indexOf(NEWLINE);
  if (end < 0) return undefined;
  return { tag: stored.toString('utf8', 0, end), json: stored.subarray(end + 1) };
}
