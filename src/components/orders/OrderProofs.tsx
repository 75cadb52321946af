import { Fragment } from 'react';
import styled from 'styled-components';
import type { OrderProofs as Proofs } from '../../../domain/types';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

export interface ProofFlags {
  pickup: boolean;
  delivery: boolean;
  return: boolean;
}

const KINDS = ['pickup', 'delivery', 'return'] as const;

/** The proofs the order has whose flag is on: the ones the drawer shows. */
export function shownProofKinds(proofs: Proofs | undefined, flags: ProofFlags) {
  return KINDS.filter((kind) => flags[kind] && proofs?.[kind]);
}

/**
 * Proof photos of pickup, delivery and return, each behind its flag (SPEC §6); with a proof, the
 * receiver's signature and the name they gave the rider, when the courier recorded them.
 */
export function OrderProofs({ proofs, flags }: { proofs: Proofs | undefined; flags: ProofFlags }) {
  const t = useT();
  const shown = shownProofKinds(proofs, flags);
  if (shown.length === 0) return null;
  return (
    <Grid>
      {shown.map((kind) => {
        const receivedBy = proofs?.received_by?.[kind] ?? null;
        const signature = proofs?.signatures?.[kind] ?? null;
        return (
          <Fragment key={kind}>
            <figure>
              <a href={proofs?.[kind] ?? undefined} target="_blank" rel="noreferrer" download={`proof-of-${kind}`}>
                <img src={proofs?.[kind] ?? undefined} alt={t(`order.proof.${kind}`)} loading="lazy" />
              </a>
              <figcaption>
                {t(`order.proof.${kind}`)}
                {receivedBy !== null ? <ReceivedBy>{t('order.proof.received-by', { name: receivedBy })}</ReceivedBy> : null}
              </figcaption>
            </figure>
            {signature !== null ? (
              <figure className="signature">
                <img src={signature} alt={t('order.proof.signature')} loading="lazy" />
                <figcaption>{t('order.proof.signature')}</figcaption>
              </figure>
            ) : null}
          </Fragment>
        );
      })}
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: ${tokens.space(3)};
  figure { margin: 0; }
  img { width: 100%; border-radius: ${tokens.radius.sm}; border: 1px solid ${({ theme }) => theme.colors.border}; }
  figcaption { font-size: 0.8rem; color: ${({ theme }) => theme.colors.textMuted}; }
  /* A signature is dark ink drawn for a white page: keep it white in the dark theme too. */
  .signature img { background: #fff; }
`;

/** The receiver's name, on its own line under the caption; the name is the receiver's own text. */
const ReceivedBy = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.text};
  unicode-bidi: plaintext;
`;
