import { useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { AddressBookEntry, Place } from '../../domain/types';
import { tokens } from '../theme/theme';
import { useT } from '../i18n/useT';
import { FormField } from './FormField';
import { Input } from './Input';
import { Spinner } from './Spinner';

type Suggestion = { kind: 'addressBook'; entry: AddressBookEntry } | { kind: 'place'; place: Place };

interface Props {
  label: string;
  query: string;
  onQueryChange: (query: string) => void;
  /** Saved address-book matches; shown first (SPEC §2). */
  addressBookResults: readonly AddressBookEntry[];
  /** Suggested places from the geolocator; shown after the address book. */
  places: readonly Place[];
  /** Who suggested `places` when not our geolocator; Google's terms want it credited under the list. */
  placesBy?: 'google' | null;
  /** True once a search for the current query finished; with no results the 'no results' line shows. */
  searched: boolean;
  loading?: boolean;
  onSelectAddressBook: (entry: AddressBookEntry) => void;
  onSelectPlace: (place: Place) => void;
  error?: string | null;
  placeholder?: string;
  /** Shown but not yet usable (the form it belongs to is still loading). */
  readOnly?: boolean;
}

/** Address search as an ARIA combobox: results come from a machine as props; arrows move, Enter picks, Escape closes. */
export function AddressInput(props: Props) {
  const { label, query, onQueryChange, addressBookResults, places, placesBy = null, searched, loading = false, error, placeholder, readOnly = false } = props;
  const t = useT();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions: Suggestion[] = [
    ...addressBookResults.map((entry): Suggestion => ({ kind: 'addressBook', entry })),
    ...places.map((place): Suggestion => ({ kind: 'place', place })),
  ];
  const showNoResults = searched && !loading && suggestions.length === 0 && query.trim() !== '';
  const expanded = open && (suggestions.length > 0 || showNoResults || loading);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (suggestion: Suggestion) => {
    if (suggestion.kind === 'addressBook') props.onSelectAddressBook(suggestion.entry);
    else props.onSelectPlace(suggestion.place);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (suggestions.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && expanded && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <FormField label={label} error={error}>
      {({ inputId, describedBy, invalid }) => (
        <Anchor>
          <Input
            id={inputId}
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            placeholder={placeholder}
            readOnly={readOnly}
            value={query}
            onChange={(event) => {
              onQueryChange(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          <List id={listId} role="listbox" aria-label={label} hidden={!expanded}>
            {loading && suggestions.length === 0 && (
              <Note role="presentation">
                <Spinner size={16} label={t('common.loading')} />
              </Note>
            )}
            {suggestions.map((suggestion, index) => (
              <Option
                key={suggestion.kind === 'addressBook' ? `book-${suggestion.entry.id}` : `place-${suggestion.place.address.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                $active={index === active}
                // mousedown, not click: it fires before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(suggestion);
                }}
              >
                {suggestion.kind === 'addressBook' ? (
                  <>
                    <Primary>{suggestion.entry.name}</Primary>
                    <Secondary>
                      {t('request.search.saved-address')} · {suggestion.entry.address}
                    </Secondary>
                  </>
                ) : (
                  <Primary>{suggestion.place.address.formatted_address}</Primary>
                )}
              </Option>
            ))}
            {showNoResults && <Note role="presentation">{t('request.search.no-results')}</Note>}
            {placesBy === 'google' && places.length > 0 && <Attribution role="presentation">{t('request.search.powered-by-google')}</Attribution>}
          </List>
        </Anchor>
      )}
    </FormField>
  );
}

const Anchor = styled.div`
  position: relative;
`;

const List = styled.ul`
  position: absolute;
  inset-inline: 0;
  top: calc(100% + 4px);
  z-index: 20;
  margin: 0;
  padding: ${tokens.space(1)} 0;
  list-style: none;
  max-height: 320px;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.md};
  box-shadow: ${tokens.shadow.popover};
  &[hidden] { display: none; }
`;

const Option = styled.li<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  padding: ${tokens.space(2)} ${tokens.space(3)};
  cursor: pointer;
  background: ${({ $active, theme }) => ($active ? theme.colors.primarySoft : 'transparent')};
  &:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
`;

const Primary = styled.span`
  font-weight: 500;
`;

const Secondary = styled.span`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Attribution = styled.li`
  padding: ${tokens.space(1)} ${tokens.space(3)} 0;
  text-align: end;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Note = styled.li`
  padding: ${tokens.space(2)} ${tokens.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
`;
