import { Link, useNavigate } from '@tanstack/react-router';
import styled from 'styled-components';
import { isOn, useFlags } from '../../app/flags/FlagsContext';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { useCountry } from '../../shell/useCountry';
import { GuestStart } from './GuestStart';
import { FeatureCard, LandingSection } from './LandingSection';
import { WelcomeCarousel } from './WelcomeCarousel';

/** '/': what the product does, for whom, and how to start (SPEC §2 landing). */
export function LandingScreen() {
  const t = useT();
  const navigate = useNavigate();
  const flags = useFlags();
  const country = useCountry();
  const start = () => void navigate({ to: '/connect' });
  // With guest checkout on, 'Request a rider' starts the guest flow unless RequestARiderGoesToLogin sends it to /connect.
  const requestGoesToGuest = isOn(flags, 'GuestCheckout') && !isOn(flags, 'RequestARiderGoesToLogin');
  return (
    <>
      <Hero>
        <HeroText>
          <h1>{t('landing.hero.title')}</h1>
          <p>{t('landing.hero.body')}</p>
          <HeroActions>
            {requestGoesToGuest ? (
              <GuestStart countryCode={country.code} label={t('landing.hero.cta')} />
            ) : (
              <>
                <CtaLink to="/connect">{t('landing.hero.cta')}</CtaLink>
                {isOn(flags, 'GuestCheckout') && <GuestStart countryCode={country.code} />}
              </>
            )}
          </HeroActions>
        </HeroText>
        <WelcomeCarousel onStart={start} />
      </Hero>
      <LandingSection id="how" title={t('landing.how.title')}>
        <FeatureCard marker="1" title={t('landing.how.step1.title')} body={t('landing.how.step1.body')} />
        <FeatureCard marker="2" title={t('landing.how.step2.title')} body={t('landing.how.step2.body')} />
        <FeatureCard marker="3" title={t('landing.how.step3.title')} body={t('landing.how.step3.body')} />
      </LandingSection>
      <LandingSection id="why" title={t('landing.why.title')}>
        <FeatureCard title={t('landing.why.fast.title')} body={t('landing.why.fast.body')} />
        <FeatureCard title={t('landing.why.tracking.title')} body={t('landing.why.tracking.body')} />
        <FeatureCard title={t('landing.why.bulk.title')} body={t('landing.why.bulk.body')} />
      </LandingSection>
      <LandingSection id="pay" title={t('landing.pay.title')} intro={t('landing.pay.body')}>
        <FeatureCard title={t('landing.pay.cash.title')} body={t('landing.pay.cash.body')} />
        <FeatureCard title={t('landing.pay.online.title')} body={t('landing.pay.online.body')} />
      </LandingSection>
      <LandingSection id="fleet" title={t('landing.fleet.title')} intro={t('landing.fleet.body')}>
        <FeatureCard title={t('landing.fleet.riders.title')} body={t('landing.fleet.riders.body')} />
        <FeatureCard title={t('landing.fleet.coverage.title')} body={t('landing.fleet.coverage.body', { km: country.distanceLimitKm })} />
      </LandingSection>
      <Bottom />
    </>
  );
}

const Hero = styled.section`
  display: grid;
  gap: ${tokens.space(8)};
  align-items: center;
  padding: ${tokens.space(10)} ${tokens.space(4)};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  @media (min-width: ${tokens.desktop}) {
    grid-template-columns: 1.2fr 1fr;
    padding: ${tokens.space(16)} max(${tokens.space(8)}, calc((100vw - 1200px) / 2 + ${tokens.space(8)}));
  }
`;

const HeroText = styled.div`
  h1 { font-size: clamp(2rem, 1.4rem + 2.5vw, 3.2rem); font-weight: 800; margin-bottom: ${tokens.space(4)}; }
  p { font-size: 1.15rem; max-width: 52ch; margin: 0 0 ${tokens.space(6)}; }
`;

const HeroActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(3)};
`;

const CtaLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 48px;
  padding: 0 ${tokens.space(6)};
  border-radius: ${tokens.radius.pill};
  font-weight: 700;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.primaryOnSurface};
  background: ${({ theme }) => theme.colors.surface};
  &:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
`;

const Bottom = styled.div`
  height: ${tokens.space(16)};
`;
