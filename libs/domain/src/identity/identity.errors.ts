import { DomainError } from '../shared';

export const InvalidCredentials = () => new DomainError('AUTH_INVALID_CREDENTIALS', 'Email or password is incorrect');
export const InvalidRefreshToken = () =>
  new DomainError('AUTH_INVALID_REFRESH_TOKEN', 'Refresh token is invalid or expired; please log in again');
export const EmailTaken = () => new DomainError('AUTH_EMAIL_TAKEN', 'An account with this email already exists');
export const InvalidAccessToken = (reason = 'Access token is missing, invalid or expired') =>
  new DomainError('UNAUTHORIZED', reason);
