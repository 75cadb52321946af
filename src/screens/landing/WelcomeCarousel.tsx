import { useState } from 'react';
import styled from 'styled-components';
import { useWelcomeMemory } from '../../app/preferences/WelcomeMemoryContext';
import { Button } from '../../components/Button';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

const SLIDES = ['welcome.slide1', 'welcome.slide2', 'welcome.slide3'] as const;

/** The 3-screen welcome carousel (SPEC §2): Skip hides it, Next moves on, Start on the last screen
 * begins. Skip and Start are remembered, so a returning visitor is not welcomed again. */
export function WelcomeCarousel({ onStart }: { onStart: () => void }) {
  const t = useT();
  const memory = useWelcomeMemory();
  const [index, setIndex] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || memory.seen) return null;
  const last = index === SLIDES.length - 1;
  const slide = SLIDES[index]!;
  return (
    <Carousel aria-roledescription="carousel" aria-label={t('welcome.label')}>
      <Slide aria-roledescription="slide" aria-live="polite" aria-label={t('welcome.position', { current: index + 1, total: SLIDES.length })}>
        <Illustration aria-hidden="true">{index + 1}</Illustration>
        <h2>{t(`${slide}.title`)}</h2>
        <p>{t(`${slide}.body`)}</p>
      </Slide>
      <Dots aria-hidden="true">
        {SLIDES.map((key, dot) => (
          <Dot key={key} $active={dot === index} />
        ))}
      </Dots>
      <Controls>
        {!last && (
          <Button
            variant="ghost"
            onClick={() => {
              memory.markSeen();
              setDismissed(true);
            }}
          >
            {t('welcome.skip')}
          </Button>
        )}
        {last ? (
          <Button
            onClick={() => {
              memory.markSeen();
              onStart();
            }}
          >
            {t('welcome.start')}
          </Button>
        ) : <Button onClick={() => setIndex(index + 1)}>{t('welcome.next')}</Button>}
      </Controls>
    </Carousel>
  );
}

const Carousel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
  padding: ${tokens.space(6)};
  border-radius: ${tokens.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${tokens.shadow.popover};
  color: ${({ theme }) => theme.colors.text};
`;

const Slide = styled.div`
  min-height: 168px;
  h2 { font-size: 1.25rem; margin: ${tokens.space(3)} 0 ${tokens.space(2)}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Illustration = styled.div`
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  border-radius: ${tokens.radius.pill};
  font-weight: 800;
  font-size: 1.25rem;
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primary};
`;

const Dots = styled.div`
  display: flex;
  gap: ${tokens.space(2)};
`;

const Dot = styled.span<{ $active: boolean }>`
  width: ${({ $active }) => ($active ? '24px' : '8px')};
  height: 8px;
  border-radius: ${tokens.radius.pill};
  background: ${({ $active, theme }) => ($active ? theme.colors.primary : theme.colors.border)};
  transition: width 150ms ease;
`;

const Controls = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${tokens.space(2)};
`;
