export { createPassport, resolveActor, requireActor } from './request-authentication';
export { CustomerRoute, RequirePermission, authorizationChecker, currentUserChecker, ClientIp, clientKey } from './route-guards';
