import styled from 'styled-components';
import type { OrderStatus, Rider } from '../../../domain/types';
import { useT } from '../../i18n/useT';
import { etaOf } from './etaOf';

/** 'Arrives at the vendor in 7 min' / 'Rider is near the customer' (under 5 minutes, SPEC §4). */
export function EtaText({ status, rider }: { status: OrderStatus; rider: Pick<Rider, 'eta_to_vendor_min' | 'eta_to_customer_min'> | null | undefined }) {
  const t = useT();
  const eta = etaOf(status, rider);
  if (!eta) return null;
  const key = `eta.${eta.kind}${eta.near ? '.near' : ''}`;
  return (
    <Text data-eta-kind={eta.kind} data-eta-near={eta.near || undefined}>
      {t(key, { minutes: eta.minutes })}
    </Text>
  );
}

const Text = styled.span`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
