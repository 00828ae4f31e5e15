export { HTTP_STATUS } from './http-status';
export { toHttpErrorResponse } from './error-response';
export { flattenValidationErrors } from './validation-problems';
export type { ErrorBody } from './error-response';
export { errorHandler, notFoundHandler, rejectNonObjectBodies } from './error-handler';
