// The mail that tells a vendor one of its webhook endpoints is failing (a delivery ran out of its
// 24 h of retries), in the vendor's language (its country's default), from the same catalogues as the
// screens (server/notifications/catalogues.ts). It goes to the endpoint's creator and the vendor's
// owners, each address once.
import { countryConfig } from '../../domain';
import type { Db } from '../db/connect';
import type { Mailer } from '../mail/mailer';
import type { Catalogues } from '../notifications/catalogues';
import type { WebhookEndpointsTable } from './tables';

export interface FailingMailDeps {
  db: Db;
  mailer: Mailer;
  catalogues: Catalogues;
  /** The deployment's country: the language when the vendor row is gone. */
  country: string;
  /** The app's public origin now (tests learn their port after start). */
  publicUrl: () => string;
}

/** Where the mail sends the reader: Settings → Developers, at the Webhooks section. */
export const webhooksPageLink = (publicUrl: string): string => `${publicUrl}/settings/developers#webhooks-heading`;

function ownersOf(json: string | undefined): string[] {
  try {
    const owners: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(owners) ? owners.filter((owner): owner is string => typeof owner === 'string' && owner.includes('@')) : [];
  } catch {
    return [];
  }
}

export async function sendFailingEndpointMail(deps: FailingMailDeps, endpoint: WebhookEndpointsTable): Promise<void> {
  const vendor = await deps.db.selectFrom('vendors').select(['name', 'country_code', 'owners_json'])
    .where('vendor_id', '=', endpoint.vendor_id).executeTakeFirst();
  const t = deps.catalogues.translator(countryConfig(vendor?.country_code ?? deps.country).defaultLanguage);
  const values = { url: endpoint.url, vendor: vendor?.name ?? endpoint.vendor_id, link: webhooksPageLink(deps.publicUrl()) };
  const recipients = [...new Set([endpoint.created_by_email, ...ownersOf(vendor?.owners_json)].map((address) => address.trim().toLowerCase()))];
  for (const to of recipients) {
    await deps.mailer.send({ to, subject: t('webhooks.failing-mail.subject', values), text: t('webhooks.failing-mail.text', values) });
  }
}
