import { DomainError } from '../../shared';

/**
 * community-content-uploads.md "Channels, mobile" rule 1 and "Membership and access": join and
 * leave are for broadcast channels only; CONTRACT section 4 gives joining a PREMIUM_VIEW_ONLY
 * channel 422 UNPROCESSABLE (leaving one answers the same).
 */
export const ChannelMembershipNotBroadcast = (action: 'join' | 'leave') =>
  new DomainError('UNPROCESSABLE', `Only a BROADCAST channel can be ${action === 'join' ? 'joined' : 'left'}; this one is PREMIUM_VIEW_ONLY`);
