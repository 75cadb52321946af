import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { isOn, useFlags } from '../app/flags/FlagsContext';
import { usePreferences } from '../app/preferences/PreferencesContext';
import { regionName } from '../i18n/format';
import { useT } from '../i18n/useT';
import { tokens } from '../theme/theme';
import { useCountry } from './useCountry';

/** Footer links per country (SPEC §2): register, partner, privacy, API docs, FAQ, terms. */
export function Footer() {
  const t = useT();
  const country = useCountry();
  const flags = useFlags();
  const { links } = country;
  const { locale } = usePreferences();
  return (
    <FooterBar>
      <nav aria-label={t('footer.label')}>
        <ul>
          {!isOn(flags, 'DeactivateSignUpButton') && (
            <li>
              <Link to="/register">{t('footer.register')}</Link>
            </li>
          )}
          <li>
            <a href={links.partnerSignUp} target="_blank" rel="noreferrer">
              {t('footer.partner')}
            </a>
          </li>
          <li>
            <a href={links.privacyPolicy} target="_blank" rel="noreferrer">
              {t('footer.privacy')}
            </a>
          </li>
          <li>
            <a href={links.apiDocs} target="_blank" rel="noreferrer">
              {t('footer.api-docs')}
            </a>
          </li>
          {links.logisticsApiSpec && (
            <li>
              <a href={links.logisticsApiSpec} target="_blank" rel="noreferrer">
                {t('footer.logistics-api-spec')}
              </a>
            </li>
          )}
          {links.vendorPage && (
            <li>
              <a href={links.vendorPage} target="_blank" rel="noreferrer">
                {t('footer.vendor-page')}
              </a>
            </li>
          )}
          {links.vendorFile && (
            <li>
              <a href={links.vendorFile} target="_blank" rel="noreferrer">
                {t('footer.vendor-file')}
              </a>
            </li>
          )}
          <li>
            <Link to="/faq">{t('footer.faq')}</Link>
          </li>
          <li>
            {links.termsAndConditions ? (
              <a href={links.termsAndConditions} target="_blank" rel="noreferrer">
                {t('footer.terms')}
              </a>
            ) : (
              <Link to="/termsandconditions">{t('footer.terms')}</Link>
            )}
          </li>
        </ul>
      </nav>
      <small>{t('footer.copyright', { country: regionName(country.code, locale) })}</small>
    </FooterBar>
  );
}

const FooterBar = styled.footer`
  margin-top: auto;
  padding: ${tokens.space(8)} ${tokens.space(4)};
  background: ${({ theme }) => theme.colors.text};
  color: #e6e7ea;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${tokens.space(4)};
  ul {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: ${tokens.space(2)} ${tokens.space(6)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a { color: #ffffff; text-decoration: none; }
  a:hover { text-decoration: underline; }
  small { color: #b9bcc3; }
`;
