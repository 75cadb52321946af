import styled from 'styled-components';
import { tokens } from '../theme/theme';
import { Button } from './Button';

export interface RowAction {
  /** The button's id, unique on the page: its accessible name is built from it. */
  id: string;
  label: string;
  disabled?: boolean;
  onClick: () => void;
}

/**
 * A table row's buttons (Suspend and Remove, Send again and Withdraw…). Each is named with its row's
 * header as well as its own text ("Withdraw late@example.com"), so a screen reader's list of buttons
 * says which row each acts on. On a phone the buttons share the card's width, big enough to tap.
 */
export function RowActions({ rowHeaderId, actions }: { rowHeaderId: string; actions: readonly RowAction[] }) {
  return (
    <Actions>
      {actions.map((action) => (
        <Button
          key={action.id}
          variant="secondary"
          id={action.id}
          aria-labelledby={`${action.id} ${rowHeaderId}`}
          disabled={action.disabled}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
    </Actions>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(2)};
  @media (max-width: ${tokens.smallScreen}) { > button { flex: 1 1 8rem; } }
`;
