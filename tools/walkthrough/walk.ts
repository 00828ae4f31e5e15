import { parseCurl } from './curl';

/** Where each service of the scratch `npm start` listens, by the port the README writes. */
export type Urls = Record<'admin' | 'customer' | 'market' | 'jobs' | 'sim' | 'sink', string>;
const README_PORTS: Record<string, keyof Urls> = { 3001: 'admin', 3002: 'customer', 3003: 'market', 3004: 'jobs', 3005: 'sim', 3006: 'sink' };

export interface Answer {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, when it is JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: string;
  json?: unknown;
  /** The status (or statuses) the step expects. */
  expect: number | number[];
}

export class WalkthroughFailure extends Error {}

const collapse = (text: string) => text.replace(/\\\n/g, ' ').replace(/\s+/g, ' ').trim();
const show = (text: string) => (text.length > 1500 ? `${text.slice(0, 1500)}… (${text.length} characters)` : text);

/**
 * One walkthrough run: prints a line per step and throws a WalkthroughFailure naming the step,
 * the request, the status and the body when an answer is not what the README promises.
 */
export class Walk {
  /** Shell variables the README's commands use ($ACCESS, $REFRESH, $PRODUCT, ...). */
  readonly vars: Record<string, string> = {};
  steps = 0;
  private readonly readme: string;

  constructor(readonly urls: Urls, readme: string) {
    this.readme = collapse(readme);
  }

  section(name: string): void {
    process.stdout.write(`\n== ${name}\n`);
  }

  /** Fails unless the README still shows `snippet` (whitespace and line continuations aside). */
  readmeShows(step: string, snippet: string): void {
    if (!this.readme.includes(collapse(snippet))) {
      throw new WalkthroughFailure(`step "${step}": the README no longer shows this command; update the walkthrough with it:\n${snippet}`);
    }
  }

  /**
   * Runs a curl command exactly as the README writes it (checked to be there), on the scratch ports.
   * `replace` substitutes shell text the parser does not run, such as `$(date +%s)`.
   */
  async curl(step: string, command: string, options: { expect: number | number[]; stdin?: string; replace?: Record<string, string> }): Promise<Answer> {
    this.readmeShows(step, command);
    const request = parseCurl(command, this.vars, options.replace);
    const body = request.body === '@-' ? options.stdin : request.body;
    return this.request(step, request.method, this.url(request.url), { headers: request.headers, body, expect: options.expect });
  }

  /** `localhost:3002/api/...` (the README's ports) as the scratch URL. */
  url(written: string): string {
    const url = new URL(/^https?:\/\//.test(written) ? written : `http://${written}`);
    const service = README_PORTS[url.port];
    if (!service || url.hostname !== 'localhost') throw new Error(`the README's URL ${written} is not one of the local apps`);
    return `${this.urls[service]}${url.pathname}${url.search}`;
  }

  async request(step: string, method: string, url: string, options: RequestOptions): Promise<Answer> {
    const headers = { ...options.headers };
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const started = Date.now();
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
    } catch (error) {
      throw new WalkthroughFailure(`step "${step}": ${method} ${url} failed: ${(error as Error).message}`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const answer: Answer = { method, url, status: response.status, headers: response.headers, text, body: parsed };
    const expected = [options.expect].flat();
    if (!expected.includes(answer.status)) {
      throw new WalkthroughFailure(`step "${step}": ${method} ${url} answered ${answer.status}, expected ${expected.join(' or ')}\n${show(text)}`);
    }
    const { pathname, search } = new URL(url);
    this.ok(step, `${method} ${pathname}${search.length > 70 ? `${search.slice(0, 70)}…` : search} → ${answer.status} (${Date.now() - started} ms)`);
    return answer;
  }

  /** Fails the step unless `condition` holds. */
  check(step: string, condition: unknown, problem: string, answer?: Answer): void {
    if (condition) return;
    const context = answer ? `\n${answer.method} ${answer.url} → ${answer.status}\n${show(answer.text)}` : '';
    throw new WalkthroughFailure(`step "${step}": ${problem}${context}`);
  }

  /** Calls `attempt` every `intervalMs` until it returns a value; fails with its last problem after `timeoutMs`. */
  async poll<T>(step: string, timeoutMs: number, attempt: () => Promise<T | undefined>, problem: () => string, intervalMs = 500): Promise<T> {
    const started = Date.now();
    for (;;) {
      const value = await attempt();
      if (value !== undefined) {
        this.ok(step, `after ${Date.now() - started} ms`);
        return value;
      }
      if (Date.now() - started > timeoutMs) throw new WalkthroughFailure(`step "${step}": not done after ${timeoutMs / 1000} s: ${problem()}`);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }

  /** A quiet request for polling: no line printed, no status check. */
  async peek(url: string, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { method: 'GET', url, status: response.status, headers: response.headers, text, body };
  }

  ok(step: string, detail: string): void {
    this.steps += 1;
    process.stdout.write(`  ok  ${step}: ${detail}\n`);
  }
}
