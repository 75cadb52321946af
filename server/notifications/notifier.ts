// Sends the recipient's messages. When the order outbox relays a stored status change
// (server/orders/changeOutbox.ts), the event's messages are put on the durable job queue, one
// job per order, event and channel (its key makes a second announcement a no-op, and the row
// survives a restart). The job renders the message in the recipient's language, honours opt-outs and
// the per-recipient throttle, sends it, and logs the outcome under the same key.
import { channelsFor, isThrottled, notificationEventOf, recipientEmailAddress, recipientLanguage, recipientPhoneE164, type NotificationChannel, type NotificationEvent } from '../../domain/recipientNotifications';
import type { Order } from '../../domain/types';
import type { Clock } from '../clock/clock';
import { createDurableJobs, type ClaimedJob, type DurableJobs } from '../cluster/durableJobs';
import type { Db } from '../db/connect';
import type { Mailer } from '../mail/mailer';
import { findOrder } from '../orders/repository';
import type { SmsSender } from '../sms/port';
import type { Catalogues } from './catalogues';
import { optOutLink, receiptLink, trackingLink, type LinkSettings } from './links';
import { loggedOutcome, messageKeyOf, recentSends, recordOutcome, type LoggedMessage } from './messageLog';
import { isOptedOut } from './optOuts';
import { renderRecipientMessage } from './render';
import { readNotificationSettings } from './settings';

export const RECIPIENT_MESSAGE_JOB = 'recipient-message';
/** A provider that keeps refusing one message is given up on after this many tries (logged `failed`). */
export const MAX_ATTEMPTS = 8;

interface MessageJob {
  orderId: string;
  event: NotificationEvent;
  channel: NotificationChannel;
}

export interface RecipientNotifierDeps {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  catalogues: Catalogues;
  links: LinkSettings;
  clock: Clock;
  /** The deployment's country: the language rule's fallback when a vendor row is missing. */
  country: string;
  leaseMs?: number;
  onError: (error: unknown) => void;
}

export interface RecipientNotifier {
  /** An order change relayed by the order outbox (server/orders/changeOutbox.ts): queues the messages its new status calls for. */
  orderChanged(order: Order): Promise<void>;
  jobs: DurableJobs;
}

export function createRecipientNotifier(deps: RecipientNotifierDeps): RecipientNotifier {
  const { db } = deps;

  async function deliver(job: ClaimedJob): Promise<void> {
    const { orderId, event, channel } = job.payload as MessageJob;
    const messageKey = messageKeyOf(orderId, event, channel);
    const logged = await loggedOutcome(db, messageKey);
    // Sent or held back already (a repeated announcement or a job run again): nothing more to do.
    if (logged !== null && logged !== 'sending' && logged !== 'failed') return;
    const stored = await findOrder(db, orderId);
    if (!stored) return;
    const order = stored.order;
    const vendor = await db.selectFrom('vendors').select(['name', 'country_code']).where('vendor_id', '=', order.vendor_id).executeTakeFirst();
    const country = vendor?.country_code ?? deps.country;
    const recipient = channel === 'email' ? recipientEmailAddress(order.customer.email_address) : recipientPhoneE164(order.customer.phone_number, country);
    const nowS = deps.clock.nowS();
    const message: LoggedMessage = { orderId, vendorId: order.vendor_id, event, channel, recipient: recipient ?? '' };
    if (recipient === null) return recordOutcome(db, message, 'no-address', nowS);
    if (await isOptedOut(db, order.vendor_id, recipient)) return recordOutcome(db, message, 'opted-out', nowS);
    if (logged === null && isThrottled(await recentSends(db, order.vendor_id, recipient, nowS), nowS)) return recordOutcome(db, message, 'throttled', nowS);
    if (job.attempts > MAX_ATTEMPTS) return recordOutcome(db, message, 'failed', nowS);

    const t = deps.catalogues.translator(recipientLanguage(order.customer.language, country));
    const vendorName = order.outlet_name ?? vendor?.name ?? '';
    const rendered = renderRecipientMessage(t, event, channel, vendorName, {
      tracking: trackingLink(deps.links, orderId), receipt: receiptLink(deps.links, orderId), optOut: optOutLink(deps.links, messageKey),
    });
    // Marked before the provider has it: a crash in between sends again rather than never (at least once).
    await recordOutcome(db, message, 'sending', nowS);
    try {
      if (channel === 'email') await deps.mailer.send({ to: recipient, subject: rendered.subject, text: rendered.text });
      else await deps.sms.send({ to: recipient, body: rendered.text });
    } catch (error) {
      await recordOutcome(db, message, 'failed', deps.clock.nowS());
      throw error; // the queue tries again later
    }
    await recordOutcome(db, message, 'sent', deps.clock.nowS());
  }

  const jobs = createDurableJobs({
    db,
    handlers: { [RECIPIENT_MESSAGE_JOB]: deliver },
    nowMs: deps.clock.nowMs,
    ...(deps.leaseMs !== undefined ? { leaseMs: deps.leaseMs } : {}),
    onError: (error) => deps.onError(error),
  });

  return {
    jobs,
    async orderChanged(order) {
      const event = notificationEventOf(order.status);
      if (event === null) return;
      const channels = channelsFor(await readNotificationSettings(db, order.vendor_id), event);
      for (const channel of channels) {
        const messageKey = messageKeyOf(order.order_id, event, channel);
        // Logged already: the job ran (its row is gone), so a new job would only find the log.
        if ((await loggedOutcome(db, messageKey)) !== null) continue;
        const payload: MessageJob = { orderId: order.order_id, event, channel };
        await jobs.scheduleIfAbsent(`${RECIPIENT_MESSAGE_JOB}:${messageKey}`, RECIPIENT_MESSAGE_JOB, deps.clock.nowMs(), payload);
      }
    },
  };
}
