import styled from 'styled-components';
import { Card, Page, PageTitle } from '../../components/Page';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { useCountry } from '../../shell/useCountry';

const SECTIONS = ['service', 'orders', 'items', 'payment', 'liability', 'data'] as const;

/** /termsandconditions. Countries with external terms link there from the footer instead (SPEC §2). */
export function TermsScreen() {
  const t = useT();
  const country = useCountry();
  return (
    <Page>
      <PageTitle>{t('terms.title')}</PageTitle>
      <Card>
        {country.links.termsAndConditions && (
          <p>
            <a href={country.links.termsAndConditions} target="_blank" rel="noreferrer">
              {t('terms.external')}
            </a>
          </p>
        )}
        <Prose>
          {SECTIONS.map((section) => (
            <section key={section}>
              <h2>{t(`terms.${section}.title`)}</h2>
              <p>{t(`terms.${section}.body`)}</p>
            </section>
          ))}
        </Prose>
      </Card>
    </Page>
  );
}

export const Prose = styled.div`
  max-width: 72ch;
  h2 { font-size: 1.15rem; margin: ${tokens.space(6)} 0 ${tokens.space(2)}; }
  section:first-child h2 { margin-top: 0; }
  p, li { color: ${({ theme }) => theme.colors.text}; }
`;
