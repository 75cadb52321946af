import styled from 'styled-components';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { Card, Page, PageTitle } from '../../components/Page';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { useCountry } from '../../shell/useCountry';

const QUESTIONS = ['what', 'account', 'distance', 'weight', 'value', 'payment', 'cancel', 'tracking'] as const;

/** /faq: questions answered with this country's own limits (SPEC §2 "FAQ (per-country)", §9). */
export function FaqScreen() {
  const t = useT();
  const country = useCountry();
  const { locale } = usePreferences();
  const values = {
    km: country.distanceLimitKm,
    kg: country.weightLimitKg ?? 0,
    value: country.itemValueLimit === null ? '' : formatMoney(country.itemValueLimit, { locale, currency: country.currency }),
  };
  const shown = QUESTIONS.filter((key) => (key === 'weight' ? country.weightLimitKg !== null : key === 'value' ? country.itemValueLimit !== null : true));
  return (
    <Page>
      <PageTitle>{t('faq.title')}</PageTitle>
      <Card>
        {shown.map((key) => (
          <Question key={key}>
            <summary>{t(`faq.${key}.q`)}</summary>
            <p>{t(`faq.${key}.a`, values)}</p>
          </Question>
        ))}
      </Card>
    </Page>
  );
}

const Question = styled.details`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  padding: ${tokens.space(3)} 0;
  &:last-child { border-bottom: 0; }
  summary {
    cursor: pointer;
    font-weight: 600;
    min-height: 32px;
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${tokens.space(3)};
    list-style: none;
  }
  summary::-webkit-details-marker { display: none; }
  summary::after { content: '+'; font-size: 1.4rem; line-height: 1; color: ${({ theme }) => theme.colors.textMuted}; }
  &[open] summary::after { content: '−'; }
  p { margin: ${tokens.space(2)} 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;
