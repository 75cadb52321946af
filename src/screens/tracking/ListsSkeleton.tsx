import styled from 'styled-components';
import { Skeleton } from '../../components/Skeleton';
import { tokens } from '../../theme/theme';

/** Placeholder columns while the first fetch runs. */
export function ListsSkeleton({ columns }: { columns: number }) {
  return (
    <Grid aria-hidden="true" data-testid="lists-skeleton">
      {Array.from({ length: columns }, (_, column) => (
        <Column key={column}>
          <Skeleton $height="20px" $width="50%" />
          {Array.from({ length: 4 }, (_, row) => (
            <Skeleton key={row} $height="44px" />
          ))}
        </Column>
      ))}
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${tokens.space(4)};
`;

const Column = styled.div`
  display: grid;
  gap: ${tokens.space(3)};
  padding: ${tokens.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.lg};
`;
