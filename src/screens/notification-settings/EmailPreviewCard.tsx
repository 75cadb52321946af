import styled from 'styled-components';
import { countryConfig, isRtl, isSupportedCountry } from '../../../domain';
import { NOTIFICATION_EVENTS, type NotificationEvent } from '../../../domain/recipientNotifications';
import { useVendors } from '../../app/vendors/VendorsContext';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { Card } from '../../components/Page';
import { Select } from '../../components/Select';
import { toBcp47 } from '../../i18n/bcp47';
import { languageName } from '../../i18n/format';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { useEmailPreview } from './useEmailPreview';

const eventLabel = (event: NotificationEvent) => `notification-settings.event.${event}`;

/** The recipient's e-mail for a chosen event and language, rendered by the server's own template for the outlet. */
export function EmailPreviewCard({ vendorId }: { vendorId: string }) {
  const t = useT();
  const message = useMessage();
  const { vendors } = useVendors();
  const preferences = usePreferences();
  const { actor, snapshot } = useEmailPreview(vendorId);
  const { event, language, preview, loadError } = snapshot.context;
  // The outlet's country's languages: the recipient's messages are written in one of them.
  const countryCode = vendors.find((vendor) => vendor.vendor_id === vendorId)?.vendor_information.location.country_code;
  const country = countryCode !== undefined && isSupportedCountry(countryCode) ? countryConfig(countryCode) : preferences.countryConfig;
  const shownLanguage = language ?? preview?.language ?? country.defaultLanguage;
  const loading = snapshot.matches('loading');
  return (
    <Frame aria-labelledby="email-preview-heading">
      <h2 id="email-preview-heading">{t('notification-settings.email-preview')}</h2>
      <Choices>
        <Select
          label={t('notification-settings.email-preview.event')}
          value={event}
          options={NOTIFICATION_EVENTS.map((value) => ({ value, label: t(eventLabel(value)) }))}
          onValueChange={(value) => actor.send({ type: 'choice.changed', event: value as NotificationEvent })}
        />
        <Select
          label={t('language.title')}
          value={shownLanguage}
          options={country.languages.map((value) => ({ value, label: languageName(value) }))}
          onValueChange={(value) => actor.send({ type: 'choice.changed', language: value })}
        />
      </Choices>
      {snapshot.matches('failed') && (
        <Notice kind="error">
          {t('notification-settings.email-preview.failed')} {loadError ? message(loadError) : null}{' '}
          <Button variant="secondary" onClick={() => actor.send({ type: 'retry.requested' })}>{t('common.retry')}</Button>
        </Notice>
      )}
      {preview && !snapshot.matches('failed') && (
        <Mail data-testid="email-preview" aria-busy={loading} lang={toBcp47(preview.language)} dir={isRtl(preview.language) ? 'rtl' : 'ltr'}>
          <Header>
            <dt>{t('notification-settings.email-preview.from')}</dt>
            <dd><bdi>{preview.from}</bdi></dd>
            <dt>{t('notification-settings.email-preview.subject')}</dt>
            <dd data-testid="email-preview-subject">{preview.subject}</dd>
          </Header>
          <Body data-testid="email-preview-body">{preview.text}</Body>
        </Mail>
      )}
      {!preview && loading && <p aria-busy="true">{t('common.loading')}</p>}
    </Frame>
  );
}

const Frame = styled(Card)`
  margin-top: ${tokens.space(4)};
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(3)};
  margin-block: ${tokens.space(3)};
  > * { min-width: 200px; }
`;

const Mail = styled.article`
  border-radius: ${tokens.radius.md};
  background: ${({ theme }) => theme.colors.background};
  padding: ${tokens.space(3)};
  &[aria-busy='true'] { opacity: 0.6; }
`;

const Header = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${tokens.space(1)} ${tokens.space(3)};
  margin: 0 0 ${tokens.space(3)};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

const Body = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
