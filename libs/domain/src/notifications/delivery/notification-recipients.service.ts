import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { AdminModel, NotificationEventModel, Op, PushDeviceModel, UserModel } from '@platform/db';
import { ALL_PERMISSIONS, CONFIG } from '../../shared';
import type { NotificationEventName } from '../events';
import { ADMIN_NOTIFICATION_PERMISSION, EVENT_CHANNELS } from '../notification-channels';

export interface EmailAddress {
  address: string;
  name: string | null;
}

/**
 * One (channel, recipient) of an event and where it goes now; `to` is null when the recipient has
 * no address on that channel (no email, no registered device), and the delivery is skipped.
 *
 * Recipients (notification_deliveries.recipient): a customer's user id; an admin's id; for
 * NOTIFICATION_ADMIN_EMAILS, the address itself; for the admin push, `topic:<PUSH_ADMIN_TOPIC>`.
 */
export type DeliveryTarget =
  | { channel: 'email'; recipient: string; to: EmailAddress | null }
  | { channel: 'push'; recipient: string; to: { tokens: string[] } | { topic: string } | null }
  | { channel: 'in_app'; recipient: string; to: { userId: string } | null };

/**
 * Who receives an event (learning-commerce.md and community-content-uploads.md, "Events"): a
 * customer's event goes to that customer (email, every registered device, the in-app inbox); an
 * admin event goes by email to the active admins holding Orders_UPDATE or "*" (or to
 * NOTIFICATION_ADMIN_EMAILS when set) and as one push to the admin topic. Resolved on every
 * attempt, so an address changed in between is used. A channel event's members are not resolved
 * here but page by page (ChannelBroadcastFanOutService).
 */
@Service()
export class NotificationRecipientResolver {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  async resolve(event: NotificationEventModel & { event: NotificationEventName }): Promise<DeliveryTarget[]> {
    const channels = EVENT_CHANNELS[event.event];
    const targets = await this.audience(event);
    return targets.filter((target) => channels.includes(target.channel));
  }

  private async audience(event: NotificationEventModel): Promise<DeliveryTarget[]> {
    switch (event.audience) {
      case 'customer':
        return event.userId ? this.customer(event.userId) : [];
      case 'admins':
        return this.admins();
      case 'channel_members':
        // A channel's members may be 100,000: ChannelBroadcastFanOutService delivers those events page by page.
        throw new Error(`notification ${event.id}: channel events are delivered by ChannelBroadcastFanOutService`);
      case 'content_readers':
        // A newsletter's readers may be every subscriber: NewsletterDeliveryService delivers those events page by page.
        throw new Error(`notification ${event.id}: newsletter events are delivered by NewsletterDeliveryService`);
    }
  }

  private async customer(userId: string): Promise<DeliveryTarget[]> {
    const user = await UserModel.findByPk(userId, { attributes: ['id', 'email', 'fullName'] });
    const devices = user ? await PushDeviceModel.findAll({ where: { userId }, attributes: ['token'], order: [['id', 'ASC']] }) : [];
    const email = user?.email.trim();
    return [
      { channel: 'in_app', recipient: userId, to: user ? { userId } : null },
      { channel: 'push', recipient: userId, to: devices.length > 0 ? { tokens: devices.map((device) => device.token) } : null },
      { channel: 'email', recipient: userId, to: email ? { address: email, name: user?.fullName.trim() || null } : null },
    ];
  }

  private async admins(): Promise<DeliveryTarget[]> {
    const topic = this.config.notifications.push.adminTopic;
    const push: DeliveryTarget = { channel: 'push', recipient: `topic:${topic}`, to: { topic } };
    const configured = this.config.notifications.adminEmails;
    if (configured.length > 0) {
      const addresses = [...new Set(configured.map((address) => address.toLowerCase()))];
      return [push, ...addresses.map((address): DeliveryTarget => ({ channel: 'email', recipient: address, to: { address, name: null } }))];
    }
    const admins = await AdminModel.findAll({
      where: { isActive: true, permissions: { [Op.overlap]: [ADMIN_NOTIFICATION_PERMISSION, ALL_PERMISSIONS] } },
      attributes: ['id', 'email', 'fullName'],
      order: [['createdAt', 'ASC']],
    });
    return [
      push,
      ...admins.map((admin): DeliveryTarget => {
        const address = admin.email.trim();
        return { channel: 'email', recipient: admin.id, to: address ? { address, name: admin.fullName.trim() || null } : null };
      }),
    ];
  }
}
