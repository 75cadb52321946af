import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

interface Props {
  /** The stages in the order the parcel goes through them. */
  stages: readonly string[];
  current: string | null;
  /** Catalogue prefix, e.g. 'public-tracking.stage.' */
  keyPrefix: string;
}

/** The journey as a vertical list: stages before the current one are done, the current one is marked. */
export function StageProgress({ stages, current, keyPrefix }: Props) {
  const t = useT();
  const currentIndex = current === null ? -1 : stages.indexOf(current);
  return (
    <Steps>
      {stages.map((stage, index) => {
        const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
        return (
          <li key={stage} data-stage={stage} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="dot" aria-hidden="true" />
            <span>{t(`${keyPrefix}${stage}`)}</span>
          </li>
        );
      })}
    </Steps>
  );
}

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${tokens.space(3)};
  li { display: flex; align-items: center; gap: ${tokens.space(3)}; color: ${({ theme }) => theme.colors.textMuted}; }
  li[data-state='done'], li[data-state='current'] { color: ${({ theme }) => theme.colors.text}; }
  li[data-state='current'] { font-weight: 700; }
  .dot {
    width: 14px;
    height: 14px;
    flex-shrink: 0;
    border-radius: 50%;
    border: 2px solid ${({ theme }) => theme.colors.border};
  }
  li[data-state='done'] .dot { background: ${({ theme }) => theme.colors.primary}; border-color: ${({ theme }) => theme.colors.primary}; }
  li[data-state='current'] .dot { border-color: ${({ theme }) => theme.colors.primary}; box-shadow: 0 0 0 4px ${({ theme }) => theme.colors.primarySoft}; }
`;
