import { AsYouType, getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { useT } from '../i18n/useT';
import { FormField } from './FormField';
import { Input } from './Input';

interface Props {
  label: string;
  /** What the user typed, reduced to digits and a leading +. */
  value: string;
  onValueChange: (value: string) => void;
  /** ISO country whose numbering plan applies when no + prefix is typed. */
  country: string;
  error?: string | null;
  name?: string;
  required?: boolean;
  autoComplete?: string;
}

/** Keeps digits and +, like the collection-point phone rule (SPEC §5). */
export function phoneDigits(text: string): string {
  return text.replace(/[^\d+]/g, '');
}

/** Phone number formatted as typed for the country, always left-to-right (numbers read LTR in RTL pages). */
export function PhoneInput({ label, value, onValueChange, country, error, name, required, autoComplete = 'tel' }: Props) {
  const t = useT();
  const code = country.toUpperCase();
  const plan: CountryCode | undefined = isSupportedCountry(code) ? code : undefined;
  const display = new AsYouType(plan).input(value);
  const prefix = plan ? `+${getCountryCallingCode(plan)}` : '+';
  return (
    <FormField label={label} error={error} helperText={t('request.form.phone.helper-text', { prefix })}>
      {({ inputId, describedBy, invalid }) => (
        <Input
          id={inputId}
          name={name}
          type="tel"
          inputMode="tel"
          dir="ltr"
          autoComplete={autoComplete}
          required={required}
          value={display}
          placeholder={prefix}
          onChange={(event) => onValueChange(phoneDigits(event.target.value))}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FormField>
  );
}
