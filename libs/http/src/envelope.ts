import type { Response } from 'express';
import { Action, Interceptor, InterceptorInterface } from 'routing-controllers';
import { Service } from 'typedi';
import type { Page } from '@platform/domain';

/** A success body: `{ message, data }`, plus `count`, `page`, `size` on paginated lists. */
export class ApiResponse<T = unknown> {
  private constructor(
    readonly message: string,
    readonly data: T,
    readonly pagination?: { count: number; page: number; size: number },
  ) {}

  static ok<T>(data: T, message = 'Success'): ApiResponse<T> {
    return new ApiResponse(message, data);
  }

  static page<T>(page: Page<T>, message = 'Success'): ApiResponse<T[]> {
    return new ApiResponse(message, page.rows, { count: page.count, page: page.page, size: page.size });
  }

  toJSON() {
    return { message: this.message, data: this.data, ...this.pagination };
  }
}

/**
 * Wraps whatever an action returns in the success envelope. Actions return an ApiResponse when
 * they need a specific message; `undefined` stays empty (204 routes); the response object itself
 * (an action that streamed its own body) passes through.
 */
@Service()
@Interceptor()
export class EnvelopeInterceptor implements InterceptorInterface {
  intercept(action: Action, content: unknown) {
    if (content === undefined) return undefined;
    // An action that wrote the response itself (a streamed file) returns it: nothing to wrap.
    if (content === action.response) return content;
    if (content instanceof ApiResponse) return content.toJSON();
    return ApiResponse.ok(content ?? null).toJSON();
  }
}

const SUCCESS_HEAD = Buffer.from('{"message":"Success","data":');
const SUCCESS_TAIL = Buffer.from('}');

/** `{ message: 'Success', data }` as bytes, where `data` is JSON already serialised (a cached answer read back as bytes). */
export const successEnvelope = (dataJson: Buffer): Buffer => Buffer.concat([SUCCESS_HEAD, dataJson, SUCCESS_TAIL]);

const PAGE_HEAD = Buffer.from('{"message":"Success",');

/** A paginated list's envelope as bytes, from the JSON object `{"data":[...],"count":…,"page":…,"size":…}` serialised already. */
export const successPageEnvelope = (pageJson: Buffer): Buffer => Buffer.concat([PAGE_HEAD, pageJson.subarray(1)]);

const STORED_PAGE_HEAD = Buffer.from('{"rows"');

/** The list envelope of a `Page` serialised as it is (`{"rows":[...],"count":…,"page":…,"size":…}`): what `ApiResponse.page` sends. */
export function successEnvelopeOfPage(pageJson: Buffer): Buffer {
  if (!pageJson.subarray(0, STORED_PAGE_HEAD.length).equals(STORED_PAGE_HEAD)) throw new Error('not a serialised Page');
  return Buffer.concat([PAGE_HEAD, Buffer.from('"data"'), pageJson.subarray(STORED_PAGE_HEAD.length)]);
}

/**
 * Sends JSON stored as finished bytes (a cached view) in the success envelope, byte for byte what
 * the action returning the parsed view would send: the same body, Content-Type (with its charset,
 * which express adds to `res.json` but not to a Buffer) and ETag. The action returns `res`.
 */
export function sendStoredJson(res: Response, json: Buffer, envelope: (json: Buffer) => Buffer = successEnvelope): Response {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(envelope(json));
  return res;
}

/**
 * Route options for an action whose answer is plain data already (views of strings, numbers,
 * booleans, arrays and plain objects): routing-controllers then skips class-transformer's deep copy
 * of it (`instanceToPlain`), which changes no byte of such an answer and was a tenth of a hot read's
 * CPU. `@Get('/path', PLAIN_ANSWER)`.
 */
export const PLAIN_ANSWER = { transformResponse: false } as const;
