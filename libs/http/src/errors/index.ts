export { HTTP_STATUS } from './http-status';
export { toHttpErrorResponse, flattenValidationErrors } from './error-response';
export type { ErrorBody } from './error-response';
export { errorHandler, notFoundHandler, rejectNonObjectBodies } from './error-handler';
