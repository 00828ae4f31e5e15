/**
 * Reads a `curl` command as the README writes it (the subset it uses: `-s`, `-X<METHOD>` or
 * `-X <METHOD>`, `-H 'name: value'`, `-d <body>` or `-d @-` for stdin, and the URL, given as
 * `localhost:<port>/path`), so the walkthrough sends exactly what the README shows.
 *
 * Shell rules kept: backslash-newline joins lines; '…' is literal; "…" expands `$NAME` and
 * unescapes `\"`, `\\`, `\$`; bare words expand `$NAME`. A `$NAME` without a value is an error, and
 * so is anything else (`$(…)`, a pipe): the caller replaces such text first (`replace`).
 */
export interface CurlRequest {
  method: string;
  /** As written, e.g. `localhost:3002/api/auth/me`. */
  url: string;
  headers: Record<string, string>;
  /** The `-d` value; `@-` when the body comes from stdin. */
  body?: string;
}

export function parseCurl(command: string, vars: Record<string, string>, replace: Record<string, string> = {}): CurlRequest {
  let text = command.replace(/\\\n/g, ' ');
  for (const [from, to] of Object.entries(replace)) text = text.split(from).join(to);
  const words = shellWords(text, vars);
  if (words.shift() !== 'curl') throw new Error(`not a curl command: ${command}`);
  const request: CurlRequest = { method: '', url: '', headers: {} };
  while (words.length > 0) {
    const word = words.shift() as string;
    if (word === '-s') continue;
    if (word.startsWith('-X')) request.method = word.length > 2 ? word.slice(2) : need(words, word);
    else if (word === '-H') {
      const header = need(words, word);
      const colon = header.indexOf(':');
      if (colon < 1) throw new Error(`bad header "${header}" in: ${command}`);
      request.headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (word === '-d' || word === '--data') request.body = need(words, word);
    else if (word.startsWith('-')) throw new Error(`curl option ${word} is not supported here: ${command}`);
    else if (request.url) throw new Error(`two URLs in: ${command}`);
    else request.url = word;
  }
  if (!request.url) throw new Error(`no URL in: ${command}`);
  request.method ||= request.body === undefined ? 'GET' : 'POST';
  return request;
}

function need(words: string[], option: string): string {
  const value = words.shift();
  if (value === undefined) throw new Error(`${option} needs a value`);
  return value;
}

function shellWords(text: string, vars: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const expand = (at: number): [string, number] => {
    const name = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(at));
    if (!name) throw new Error(`only $NAME is expanded here, at "${text.slice(at, at + 20)}"`);
    const value = vars[name[1]];
    if (value === undefined) throw new Error(`$${name[1]} has no value yet`);
    return [value, at + name[0].length];
  };
  for (let i = 0; i < text.length; ) {
    const char = text[i];
    if (/\s/.test(char)) {
      if (word !== null) words.push(word);
      word = null;
      i += 1;
    } else if (char === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unclosed ' in: ${text}`);
      word = (word ?? '') + text.slice(i + 1, end);
      i = end + 1;
    } else if (char === '"') {
      word ??= '';
      for (i += 1; i < text.length && text[i] !== '"'; ) {
        if (text[i] === '\\' && '"\\$'.includes(text[i + 1])) {
          word += text[i + 1];
          i += 2;
        } else if (text[i] === '$') {
          const [value, next] = expand(i);
          word += value;
          i = next;
        } else word += text[i++];
      }
      if (text[i] !== '"') throw new Error(`unclosed " in: ${text}`);
      i += 1;
    } else if (char === '$') {
      const [value, next] = expand(i);
      word = (word ?? '') + value;
      i = next;
    } else if ('|;&<>`()'.includes(char)) {
      throw new Error(`shell syntax "${char}" is not supported here: ${text}`);
    } else {
      word = (word ?? '') + char;
      i += 1;
    }
  }
  if (word !== null) words.push(word);
  return words;
}
