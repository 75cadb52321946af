import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../Button';
import { Input } from '../Input';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

interface Props {
  /** The term the list is showing results for; '' when not searching. */
  activeTerm: string;
  recentSearches: readonly string[];
  onSearch: (term: string) => void;
  onClear: () => void;
  placeholderKey?: string;
}

/** Search by order id or customer phone; the recent searches are offered as suggestions. */
export function OrderSearch({ activeTerm, recentSearches, onSearch, onClear, placeholderKey = 'tracking.search.placeholder' }: Props) {
  const t = useT();
  const listId = useId();
  const inputId = useId();
  const [term, setTerm] = useState(activeTerm);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim() === '') onClear();
    else onSearch(term);
  };
  return (
    <Form role="search" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('tracking.search.label')}
      </label>
      <Input
        id={inputId}
        type="search"
        value={term}
        list={listId}
        placeholder={t(placeholderKey)}
        autoComplete="off"
        onChange={(event) => setTerm(event.target.value)}
      />
      <datalist id={listId}>
        {recentSearches.map((recent) => (
          <option key={recent} value={recent} />
        ))}
      </datalist>
      <Button type="submit">{t('tracking.search.submit')}</Button>
      {activeTerm !== '' && (
        <Button
          variant="ghost"
          onClick={() => {
            setTerm('');
            onClear();
          }}
        >
          {t('tracking.search.clear')}
        </Button>
      )}
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(2)};
  align-items: center;
  input { flex: 1 1 220px; min-width: 0; }
  /* On a phone the field takes the whole line, so its hint is read in full. */
  @media (max-width: ${tokens.smallScreen}) { input { flex-basis: 100%; } }
`;
