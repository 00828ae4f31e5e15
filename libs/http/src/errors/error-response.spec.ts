import { expect } from 'chai';
import { MulterError } from 'multer';
import { BadRequestError, NotFoundError, UnauthorizedError } from 'routing-controllers';
import { DomainError, ERROR_CODES, RateLimitExceeded } from '@platform/domain';
import {
  DisallowedFileTypeError,
  InvalidStorageKeyError,
  StorageObjectNotFoundError,
  StorageUnavailableError,
} from '@platform/storage';
import { toHttpErrorResponse } from './error-response';
import { HTTP_STATUS } from './http-status';

describe('toHttpErrorResponse', () => {
  it('has a status for every error code, and only 4xx/5xx ones', () => {
    for (const code of ERROR_CODES) expect(HTTP_STATUS[code], code).to.be.within(400, 599);
  });

  it('uses the CONTRACT statuses for codes the spec lists without one', () => {
    expect(HTTP_STATUS.TRAINING_COHORT_FULL).to.equal(409);
    expect(HTTP_STATUS.TRAINING_ACCESS_DENIED).to.equal(403);
    expect(HTTP_STATUS.SUBSCRIPTION_PRICE_INVALID).to.equal(400);
    expect(HTTP_STATUS.CART_ITEM_ACCESS_DENIED).to.equal(403);
    expect(HTTP_STATUS.ORDER_ASYNC_REQUEST_CREATION_FAILED).to.equal(503);
  });

  it('sets Retry-After from a rate-limit error', () => {
    const response = toHttpErrorResponse(RateLimitExceeded(7));
    expect(response.status).to.equal(429);
    expect(response.headers).to.deep.equal({ 'Retry-After': '7' });
  });

  it('maps framework errors to the generic codes', () => {
    expect(toHttpErrorResponse(new UnauthorizedError('x')).body.errorCode).to.equal('UNAUTHORIZED');
    expect(toHttpErrorResponse(new NotFoundError('x')).body.errorCode).to.equal('NOT_FOUND');
    expect(toHttpErrorResponse(new BadRequestError('bad id')).body).to.deep.equal({
      message: 'bad id',
      errorCode: 'VALIDATION_ERROR',
    });
  });

  it('maps body-parser failures by their type', () => {
    expect(toHttpErrorResponse({ type: 'entity.parse.failed', status: 400 }).body.message).to.equal('Malformed JSON');
    expect(toHttpErrorResponse({ type: 'entity.too.large', status: 413 }).status).to.equal(413);
  });

  it('hides everything about an unexpected error', () => {
    const response = toHttpErrorResponse(new Error('connect ECONNREFUSED 10.0.0.5:5432'));
    expect(response).to.deep.include({ status: 500, unexpected: true });
    expect(response.body).to.deep.equal({ message: 'Internal server error', errorCode: 'INTERNAL_ERROR' });
  });

  it('challenges (WWW-Authenticate) only failures of bearer authentication, not every 401', () => {
    const challenge = (error: unknown) => toHttpErrorResponse(error).headers['WWW-Authenticate'];
    expect(challenge(new DomainError('UNAUTHORIZED', 'x'))).to.equal('Bearer');
    expect(challenge(new DomainError('UNAUTHORIZED', 'x', { bearerError: 'invalid_token' }))).to.equal('Bearer error="invalid_token"');
    expect(challenge(new DomainError('TOKEN_EXPIRED', 'x', { bearerError: 'expired' }))).to.equal('Bearer error="invalid_token", error_description="expired"');
    expect(challenge(new DomainError('HEARTBEAT_TOKEN_EXPIRED', 'x'))).to.equal('Bearer error="invalid_token", error_description="expired"');
    expect(challenge(new UnauthorizedError())).to.equal('Bearer');
    for (const code of ['AUTH_INVALID_CREDENTIALS', 'AUTH_INVALID_REFRESH_TOKEN'] as const) {
      const response = toHttpErrorResponse(new DomainError(code, 'x'));
      expect(response.status, code).to.equal(401);
      expect(response.headers, code).to.not.have.property('WWW-Authenticate');
    }
  });

  it('keeps a DomainError message and code as they are', () => {
    const response = toHttpErrorResponse(new DomainError('CART_ITEM_DUPLICATE', 'Already in your cart'));
    expect(response).to.deep.include({ status: 409, unexpected: false });
    expect(response.body).to.deep.equal({ message: 'Already in your cart', errorCode: 'CART_ITEM_DUPLICATE' });
  });

  describe('uploads and storage (community-content-uploads.md, "Errors")', () => {
    it('maps a file over the limit to 413 PAYLOAD_TOO_LARGE "File too large"', () => {
      const response = toHttpErrorResponse(new MulterError('LIMIT_FILE_SIZE', 'file'));
      expect(response).to.deep.include({ status: 413, unexpected: false });
      expect(response.body).to.deep.equal({ message: 'File too large', errorCode: 'PAYLOAD_TOO_LARGE' });
    });

    it('maps too many files, another field and other multipart limits to 400 VALIDATION_ERROR', () => {
      expect(toHttpErrorResponse(new MulterError('LIMIT_FILE_COUNT')).body).to.deep.equal({ message: 'Too many files', errorCode: 'VALIDATION_ERROR' });
      expect(toHttpErrorResponse(new MulterError('LIMIT_UNEXPECTED_FILE', 'avatar')).body).to.deep.equal({
        message: 'Unexpected file field "avatar"',
        errorCode: 'VALIDATION_ERROR',
      });
      for (const code of ['LIMIT_PART_COUNT', 'LIMIT_FIELD_COUNT', 'LIMIT_FIELD_VALUE', 'MISSING_FIELD_NAME'] as const) {
        const response = toHttpErrorResponse(new MulterError(code));
        expect(response.status, code).to.equal(400);
        expect(response.body.errorCode, code).to.equal('VALIDATION_ERROR');
      }
    });

    it('maps a bad storage key and a refused file type to 400 with their own message', () => {
      expect(toHttpErrorResponse(new InvalidStorageKeyError('The key is empty')).body).to.deep.equal({
        message: 'The key is empty',
        errorCode: 'VALIDATION_ERROR',
      });
      const refused = toHttpErrorResponse(new DisallowedFileTypeError('File type application/x-msdownload is not allowed for this upload'));
      expect(refused.status).to.equal(400);
      expect(refused.body.message).to.include('application/x-msdownload');
    });

    it('maps a missing object to 404 NOT_FOUND without echoing the key', () => {
      const response = toHttpErrorResponse(new StorageObjectNotFoundError('uploads/image/secret-name.png'));
      expect(response.status).to.equal(404);
      expect(response.body).to.deep.equal({ message: 'File not found', errorCode: 'NOT_FOUND' });
    });

    it('maps a failing store to 502 STORAGE_ERROR, logged, with no detail of the cause in the body', () => {
      const response = toHttpErrorResponse(new StorageUnavailableError('upload', new Error('connect ECONNREFUSED 10.0.0.9:9000')));
      expect(response).to.deep.include({ status: 502, unexpected: true });
      expect(response.body.errorCode).to.equal('STORAGE_ERROR');
      expect(JSON.stringify(response.body)).not.to.include('ECONNREFUSED');
    });
  });
});
