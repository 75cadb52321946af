import { useId } from 'react';
import styled from 'styled-components';
import { languageName } from '../i18n/format';
import { toBcp47 } from '../i18n/bcp47';
import { tokens } from '../theme/theme';

interface Props {
  legend: string;
  /** The country's languages only (SPEC §2). */
  locales: readonly string[];
  value: string;
  onChange: (locale: string) => void;
}

/** A radio list of the country's languages, each named in its own language. */
export function LanguagePicker({ legend, locales, value, onChange }: Props) {
  const name = useId();
  const bases = locales.map((locale) => toBcp47(locale).split('-')[0]);
  const ambiguous = (locale: string) => bases.filter((base) => base === toBcp47(locale).split('-')[0]).length > 1;
  return (
    <Fieldset>
      <legend>{legend}</legend>
      {locales.map((locale) => (
        <Choice key={locale} $checked={locale === value}>
          <input type="radio" name={name} value={locale} checked={locale === value} onChange={() => onChange(locale)} />
          <span lang={toBcp47(locale)}>{languageName(locale, ambiguous(locale))}</span>
        </Choice>
      ))}
    </Fieldset>
  );
}

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(2)};
  margin: 0;
  padding: 0;
  border: 0;
  legend { font-weight: 600; margin-bottom: ${tokens.space(2)}; padding: 0; }
`;

const Choice = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: center;
  gap: ${tokens.space(3)};
  min-height: 44px;
  padding: 0 ${tokens.space(3)};
  border-radius: ${tokens.radius.md};
  border: 1px solid ${({ $checked, theme }) => ($checked ? theme.colors.primary : theme.colors.border)};
  background: ${({ $checked, theme }) => ($checked ? theme.colors.primarySoft : theme.colors.surface)};
  cursor: pointer;
  input { accent-color: ${({ theme }) => theme.colors.primary}; width: 18px; height: 18px; margin: 0; }
`;
