export { installTokenAuthentication, resolveActor, requireActor } from './request-authentication';
export { CustomerOnlyRoute, CustomerRoute, RequirePermission, authorizationChecker, currentUserChecker, ClientIp, clientKey } from './route-guards';
