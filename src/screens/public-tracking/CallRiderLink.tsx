import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

/** "Call the rider" on the public tracking page. The server sends the phone only where the
 * TrackingPageSettings flag shows it for the order's vendor, so its presence is the gate here. */
export function CallRiderLink({ phone }: { phone: string }) {
  const t = useT();
  return (
    <Link href={`tel:${phone}`} data-testid="call-rider">
      {t('public-tracking.call-rider')}
      {/* Digits and the leading + read left to right in every script. */}
      <PhoneDigits dir="ltr">{phone}</PhoneDigits>
    </Link>
  );
}

const Link = styled.a`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${tokens.space(2)};
  margin: 0 0 ${tokens.space(4)};
  color: ${({ theme }) => theme.colors.primaryOnSurface};
  font-weight: 600;
`;

const PhoneDigits = styled.span`
  font-variant-numeric: tabular-nums;
  font-weight: 400;
  unicode-bidi: isolate;
`;
