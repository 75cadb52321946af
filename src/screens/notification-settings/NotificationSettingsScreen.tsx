import styled from 'styled-components';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
} from '../../../domain/recipientNotifications';
import { hasUnsavedChanges } from '../../../machines/notificationSettings';
import { useVendors } from '../../app/vendors/VendorsContext';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Notice } from '../../components/Notice';
import { Card, Page, PageTitle } from '../../components/Page';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { EmailPreviewCard } from './EmailPreviewCard';
import { useNotificationSettings } from './useNotificationSettings';

/** The name of an event as the settings and the order's message log show it. */
export const notificationEventLabel = (event: NotificationEvent) => `notification-settings.event.${event}`;

const CHANNEL_TITLE: Record<NotificationChannel, string> = {
  email: 'notification-settings.email',
  sms: 'notification-settings.sms',
};

/** Settings → Notifications: per outlet, which order events reach the recipient by e-mail and by SMS.
 * The outlet is the one chosen in the shell's branch selector, so the page and the rest of the app
 * never disagree about which branch is being set up. */
export function NotificationSettingsScreen() {
  const t = useT();
  const { vendors, selected } = useVendors();
  const vendorId = selected?.vendor_id ?? vendors[0]?.vendor_id ?? '';
  return (
    <Page>
      <PageTitle>{t('notification-settings.title')}</PageTitle>
      <Intro>{t('notification-settings.intro')}</Intro>
      {vendorId ? (
        <>
          <OutletSettings vendorId={vendorId} />
          <EmailPreviewCard vendorId={vendorId} />
        </>
      ) : (
        <p>{t('common.loading')}</p>
      )}
    </Page>
  );
}

function OutletSettings({ vendorId: chosen }: { vendorId: string }) {
  const t = useT();
  const message = useMessage();
  const { vendors } = useVendors();
  const { actor, snapshot } = useNotificationSettings(chosen);
  const { vendorId, draft, saved, saveError, justSaved } = snapshot.context;
  const loading = snapshot.matches('loading');
  const saving = snapshot.matches('saving');
  const outlet = vendors.find((vendor) => vendor.vendor_id === vendorId);
  const nothingSent = saved.email.length === 0 && saved.sms.length === 0;
  return (
    <>
      {loading && <p aria-busy="true">{t('common.loading')}</p>}
      {snapshot.matches('failed') && (
        <Notice kind="error">
          {t('notification-settings.load-failed')}{' '}
          <Button variant="secondary" onClick={() => actor.send({ type: 'retry.requested' })}>{t('common.retry')}</Button>
        </Notice>
      )}
      {(snapshot.matches('ready') || saving) && (
        <form
          aria-labelledby="notification-settings-heading"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'save.requested' });
          }}
        >
          <h2 id="notification-settings-heading"><bdi>{outlet?.name ?? vendorId}</bdi></h2>
          {nothingSent && <Notice kind="info">{t('notification-settings.none')}</Notice>}
          <Channels>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <Card key={channel}>
                <fieldset data-channel={channel}>
                  <legend>{t(CHANNEL_TITLE[channel])}</legend>
                  {NOTIFICATION_EVENTS.map((event) => (
                    <Checkbox
                      key={event}
                      checked={draft[channel].includes(event)}
                      disabled={saving}
                      onCheckedChange={(on) => actor.send({ type: 'event.toggled', channel, event, on })}
                      label={t(notificationEventLabel(event))}
                    />
                  ))}
                </fieldset>
              </Card>
            ))}
          </Channels>
          <SenderPreview vendorName={outlet?.name ?? ''} />
          {saveError && <Notice kind="error">{message(saveError)}</Notice>}
          {justSaved && <Notice kind="success">{t('notification-settings.saved')}</Notice>}
          <SaveRow>
            <Button type="submit" loading={saving} disabled={!hasUnsavedChanges(snapshot.context)}>{t('notification-settings.save')}</Button>
          </SaveRow>
        </form>
      )}
    </>
  );
}

/** Who the recipient sees as the sender, and one message as it reads, in the vendor's language. */
function SenderPreview({ vendorName }: { vendorName: string }) {
  const t = useT();
  return (
    <Card aria-labelledby="notification-preview-heading">
      <h2 id="notification-preview-heading">{t('notification-settings.preview')}</h2>
      <p>{t('notification-settings.sender')}</p>
      <Sample data-testid="notification-preview">
        {/* The link is isolated left to right (U+2066…U+2069), so it reads whole inside Arabic text. */}
        {t('recipient-message.on_the_way.text', { vendorName, trackingUrl: `\u2066${window.location.origin}/tracking/…\u2069` })}
      </Sample>
    </Card>
  );
}

const Intro = styled.p`
  margin-bottom: ${tokens.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Channels = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  gap: ${tokens.space(4)};
  margin-block: ${tokens.space(4)};
  fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: ${tokens.space(2)}; }
  legend { font-weight: 600; margin-bottom: ${tokens.space(2)}; }
`;

const SaveRow = styled.div`
  margin-top: ${tokens.space(4)};
`;

const Sample = styled.blockquote`
  margin: 0;
  padding: ${tokens.space(3)};
  border-radius: ${tokens.radius.md};
  background: ${({ theme }) => theme.colors.background};
  overflow-wrap: anywhere;
`;
