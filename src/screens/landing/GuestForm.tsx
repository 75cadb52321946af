// The guest dialog's form: name, email and phone start a guest session. Its own chunk, loaded when
// the dialog opens, so the landing page does not carry the phone metadata (libphonenumber-js).
import { useMachine } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { isEmailShaped } from '../../../domain/collectionPoint';
import { isPossiblePhone } from '../../../domain/phone';
import { createSubmitMachine } from '../../../machines/submit';
import { useSession } from '../../app/session/SessionContext';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { PhoneInput } from '../../components/PhoneInput';
import { TextField } from '../../components/TextField';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { Form } from '../login/LoginScreen';
import { inspectOptions } from '../../app/inspector';

interface GuestErrors {
  name?: string;
  email?: string;
  phone?: string;
}

export function GuestForm({ countryCode }: { countryCode: string }) {
  const t = useT();
  const message = useMessage();
  const session = useSession();
  const machine = useMemo(() => createSubmitMachine(session.startGuest, 'error.offline'), [session.startGuest]);
  const [snapshot, send] = useMachine(machine, inspectOptions());
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<GuestErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: GuestErrors = {};
    if (name.trim() === '') found.name = 'validation.fill-name';
    if (!isEmailShaped(email.trim())) found.email = email.trim() === '' ? 'validation.fill-email' : 'validation.invalid-email';
    if (phone === '') found.phone = 'validation.fill-phone';
    else if (!isPossiblePhone(phone, countryCode)) found.phone = 'validation.phone-incorrect';
    setErrors(found);
    if (Object.keys(found).length === 0) {
      send({ type: 'submit', input: { name: name.trim(), email: email.trim(), phone_number: phone, country_code: countryCode } });
    }
  };

  return (
    <>
      {snapshot.context.error && <Notice kind="error">{message(snapshot.context.error)}</Notice>}
      <Form onSubmit={submit} noValidate>
        <TextField label={t('guest.field.name')} autoComplete="name" value={name} onValueChange={setName} error={errors.name ? t(errors.name) : null} />
        <TextField label={t('auth.field.email')} type="email" dir="ltr" autoComplete="email" value={email} onValueChange={setEmail} error={errors.email ? t(errors.email) : null} />
        <PhoneInput label={t('auth.field.mobile')} country={countryCode} value={phone} onValueChange={setPhone} error={errors.phone ? t(errors.phone) : null} />
        <Button type="submit" fullWidth loading={snapshot.matches('submitting')}>
          {t('guest.submit')}
        </Button>
      </Form>
    </>
  );
}
