import { expect } from 'chai';
import { NOTIFICATION_EVENT_NAMES, NotificationEventPayloads } from '../events';
import { messageIdDomain } from '../email';
import { EVENT_CHANNELS } from '../notification-channels';
import { escapeHtml } from '../../shared';
import { formatPaisa } from './money';
import { renderNotificationEmail } from './notification-email';
import { isNotificationEventName, renderNotification } from './notification-templates';

const line = { productId: 1, productType: 'course', title: 'Intro to NEPSE', price: 150_000 };
const SAMPLES: NotificationEventPayloads = {
  ORDER_PLACED_CHECKOUT: { orderId: 1, orderNumber: 'ORD-1', total: 150_000, items: [line] },
  ORDER_PLACED_BUYNOW: { orderId: 1, orderNumber: 'ORD-1', product: line, price: 150_000 },
  ORDER_PAYMENT_RECEIVED_CHECKOUT: { orderId: 1, orderNumber: 'ORD-1', paymentReference: 'pidx-1' },
  ORDER_PAYMENT_RECEIVED_BUYNOW: { orderId: 1, orderNumber: 'ORD-1', paymentReference: 'pidx-1' },
  ORDER_PAYMENT_FAILED: { orderId: 1, orderNumber: 'ORD-1', reason: 'Declined' },
  ORDER_CANCELLED: { orderId: 1, orderNumber: 'ORD-1', cancelledBy: 'system', reason: 'Payment not completed in time' },
  ORDER_REFUND_REQUESTED: { orderId: 1, orderNumber: 'ORD-1', reason: 'Wrong course', amount: 150_000, userId: 'u-1' },
  ORDER_REFUND_APPROVED: { orderId: 1, orderNumber: 'ORD-1', amount: 150_000 },
  ORDER_REFUND_REJECTED: { orderId: 1, orderNumber: 'ORD-1', reason: null },
  COURSE_ACCESS_GRANTED: { userId: 'u-1', courseId: 2, productId: 3, productAccessId: 4, orderId: 1 },
  BOOKLET_ACCESS_GRANTED: { userId: 'u-1', bookletId: 2, productId: 3, productAccessId: 4, orderId: null },
  TRAINING_WAITLIST_PROMOTED: {
    userId: 'u-1', trainingId: 2, cohortId: 3, waitlistId: 4, holdExpiresAt: '2030-01-02T10:00:00.000Z', trainingTitle: 'Options 101', cohortName: 'Batch 7',
  },
  TRAINING_ENROLLMENT_CONFIRMED: { userId: 'u-1', trainingId: 2, productAccessId: 4, enrollmentId: 5, orderId: 1, trainingTitle: 'Options 101' },
  CHANNEL_BROADCAST_POST: { channelId: 3, postId: 42, channelTitle: 'Market Signals' },
  NEWSLETTER_EMAIL: { contentItemId: 7, slug: 'nepse-weekly-market-wrap', title: 'NEPSE weekly: market wrap', summary: 'Banks led the week.' },
  NEWSLETTER_PUSH: { contentItemId: 7, slug: 'nepse-weekly-market-wrap', title: 'NEPSE weekly: market wrap', summary: null },
};

describe('notification templates', () => {
  describe(formatPaisa.name, () => {
    it('formats paisa as rupees with grouped thousands and two decimals', () => {
      expect(formatPaisa(123_450)).to.equal('Rs. 1,234.50');
      expect(formatPaisa(0)).to.equal('Rs. 0.00');
      expect(formatPaisa(5)).to.equal('Rs. 0.05');
      expect(formatPaisa(100)).to.equal('Rs. 1.00');
      expect(formatPaisa(123_456_789_01)).to.equal('Rs. 123,456,789.01');
      expect(formatPaisa(-250_000)).to.equal('-Rs. 2,500.00');
    });
  });

  it('every event has a template and channels, and each template names its order', () => {
    for (const event of NOTIFICATION_EVENT_NAMES) {
      expect(isNotificationEventName(event), event).to.be.true;
      expect(EVENT_CHANNELS[event].length, event).to.be.greaterThan(0);
      const content = renderNotification(event, SAMPLES[event]);
      expect(content.title, event).to.be.a('string').that.is.not.empty;
      expect(content.body, event).to.be.a('string').that.is.not.empty;
      expect(content.subject, event).to.be.a('string').that.is.not.empty;
      if ('orderNumber' in SAMPLES[event]) expect(content.subject, event).to.include('ORD-1');
    }
    expect(isNotificationEventName('TRAINING_SOMETHING_NEW')).to.be.false;
    expect(isNotificationEventName('constructor')).to.be.false;
  });

  it('says who cancelled an order, and leaves out a missing reason', () => {
    const cancelled = (cancelledBy: 'customer' | 'admin' | 'system') =>
      renderNotification('ORDER_CANCELLED', { orderId: 1, orderNumber: 'ORD-9', cancelledBy, reason: null });
    expect(cancelled('customer').body).to.equal('You cancelled order ORD-9.');
    expect(cancelled('admin').body).to.equal('Order ORD-9 was cancelled by our team.');
    expect(cancelled('system').body).to.equal('Order ORD-9 was cancelled automatically.');
    expect(cancelled('system').details).to.deep.equal([['Order', 'ORD-9']]);
  });

  it('says which training and cohort hold a seat for the promoted user, and until when in Nepal time', () => {
    const content = renderNotification('TRAINING_WAITLIST_PROMOTED', SAMPLES.TRAINING_WAITLIST_PROMOTED);
    expect(content.body).to.equal('A seat in Batch 7 of Options 101 is held for you until 2 Jan 2030, 15:45 (Nepal time). Enroll before then to keep it.');
    expect(content.details).to.deep.include(['Held until', '2 Jan 2030, 15:45 (Nepal time)']);
  });

  it('a channel post says the channel title and "New update available", with notificationType channel_broadcast_post, by push only', () => {
    const content = renderNotification('CHANNEL_BROADCAST_POST', SAMPLES.CHANNEL_BROADCAST_POST);
    expect(content).to.deep.include({ title: 'Market Signals', body: 'New update available', pushData: { notificationType: 'channel_broadcast_post' } });
    expect(EVENT_CHANNELS.CHANNEL_BROADCAST_POST).to.deep.equal(['push']);
  });

  it('puts amounts in rupees in the push text and the email details', () => {
    const content = renderNotification('ORDER_REFUND_APPROVED', { orderId: 1, orderNumber: 'ORD-2', amount: 99_999 });
    expect(content.body).to.equal('Your refund of Rs. 999.99 for order ORD-2 was approved.');
    expect(content.details).to.deep.include(['Amount', 'Rs. 999.99']);
  });

  describe(renderNotificationEmail.name, () => {
    const hostile = '<img src=x onerror="alert(1)"> & \'quoted\'';
    const content = renderNotification('ORDER_PLACED_BUYNOW', {
      orderId: 1,
      orderNumber: 'ORD-3',
      product: { ...line, title: hostile },
      price: 150_000,
    });

    it('escapes every interpolated value in the HTML part and keeps the text part literal', () => {
      const email = renderNotificationEmail(content, '</p><script>x()</script>');
      expect(email.html).to.include(escapeHtml(hostile)).and.include('&lt;/p&gt;&lt;script&gt;x()&lt;/script&gt;');
      expect(email.html).not.to.include('<img').and.not.to.include('<script>');
      expect(email.text).to.include(`Product: ${hostile}`).and.include('Hi </p><script>x()</script>,');
      expect(email.subject).to.equal('Order ORD-3 placed');
    });

    it('greets by name when there is one', () => {
      expect(renderNotificationEmail(content, 'Asha').text.split('\n')[0]).to.equal('Hi Asha,');
      expect(renderNotificationEmail(content, null).text.split('\n')[0]).to.equal('Hello,');
    });
  });

  it('takes the Message-ID domain from SMTP_FROM', () => {
    expect(messageIdDomain('Platform <no-reply@Learn.Example>')).to.equal('learn.example');
    expect(messageIdDomain('alerts@mail.example.com')).to.equal('mail.example.com');
    expect(messageIdDomain('Platform')).to.equal('localhost');
    expect(messageIdDomain('x@bad domain>')).to.equal('localhost');
  });
});
