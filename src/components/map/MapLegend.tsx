import { createElement } from 'react';
import styled from 'styled-components';
import type { MarkerKind } from '../../../adapters/map/mapPort';
import { pinDrawing } from '../../../adapters/map/pinDrawing';
import { tokens } from '../../theme/theme';

interface Props {
  items: readonly { kind: MarkerKind; label: string }[];
}

/** `stroke-width` as React spells it, `strokeWidth`. */
const reactAttributes = (attributes: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()), value]));

function PinIcon({ kind }: { kind: MarkerKind }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      {pinDrawing(kind).map((shape, index) => createElement(shape.name, { key: index, ...reactAttributes(shape.attributes) }))}
    </svg>
  );
}

/** What each pin on a map stands for, drawn as the map draws them. */
export function MapLegend({ items }: Props) {
  return (
    <List>
      {items.map(({ kind, label }) => (
        <li key={kind} data-legend-kind={kind}>
          <PinIcon kind={kind} />
          {label}
        </li>
      ))}
    </List>
  );
}

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(1)} ${tokens.space(4)};
  margin: ${tokens.space(2)} 0 0;
  padding: 0;
  list-style: none;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
  li { display: inline-flex; align-items: center; gap: ${tokens.space(1)}; }
`;
