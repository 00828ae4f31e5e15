import { expect } from 'chai';
import { BadRequestError, NotFoundError, UnauthorizedError } from 'routing-controllers';
import { DomainError, ERROR_CODES, RateLimitExceeded } from '@platform/domain';
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

  it('keeps a DomainError message and code as they are', () => {
    const response = toHttpErrorResponse(new DomainError('CART_ITEM_DUPLICATE', 'Already in your cart'));
    expect(response).to.deep.include({ status: 409, unexpected: false });
    expect(response.body).to.deep.equal({ message: 'Already in your cart', errorCode: 'CART_ITEM_DUPLICATE' });
  });
});
