// Who the portal's mail comes from (README "Configuration"): MAIL_FROM when set, else the brand's
// product name at a no-reply address of the brand's own host name (the host hint that selects the
// brand in the browser, e.g. hungerstation.localhost), so a vendor never gets mail from "Courier Portal".
import { brandNamed } from '../../domain/brands';

/** The From header for a deployment of `brand`; `mailFrom` (MAIL_FROM) wins when given. */
export function mailSender(brand: string, mailFrom: string | null = null): string {
  if (mailFrom !== null && mailFrom.trim() !== '') return mailFrom.trim();
  const { key, productName } = brandNamed(brand);
  const host = `${key.replace(/_/g, '').toLowerCase()}.localhost`;
  // nodemailer quotes the display name itself when it needs quoting.
  return `${productName} <no-reply@${host}>`;
}
