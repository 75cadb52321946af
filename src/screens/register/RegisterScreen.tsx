import { normaliseEmailAddress } from '../../../domain/email';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { authErrorKey } from '../../../domain/authErrors';
import { useAccountActions } from '../../app/account/AccountContext';
import { createSubmitMachine } from '../../../machines/submit';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Notice } from '../../components/Notice';
import { Card, Page, PageTitle } from '../../components/Page';
import { PhoneInput } from '../../components/PhoneInput';
import { TextField } from '../../components/TextField';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { useCountry } from '../../shell/useCountry';
import { Aside, Form } from '../login/LoginScreen';
import { validateRegistration, type RegistrationErrors, type RegistrationForm } from './validateRegistration';
import { inspectOptions } from '../../app/inspector';

const EMPTY: RegistrationForm = { email: '', vendorName: '', vendorCode: '', phone: '', password: '', confirmation: '', termsAccepted: false };

/** SPEC §7: used when the server gives no translation key. */
const REGISTRATION_FAILED = 'We were unable to create an account.';

/** /register: self-service sign-up with a vendor code (registration type PV), or the country's contact form. */
export function RegisterScreen() {
  const t = useT();
  const message = useMessage();
  const country = useCountry();
  const actions = useAccountActions();
  const machine = useMemo(() => createSubmitMachine(actions.register, REGISTRATION_FAILED), [actions]);
  const [snapshot, send] = useMachine(machine, inspectOptions());
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const set = <K extends keyof RegistrationForm>(key: K) => (value: RegistrationForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const error = (key: keyof RegistrationForm) => (errors[key] ? t(errors[key]) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegistration(form, country.code);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    send({
      type: 'submit',
      input: {
        email_address: normaliseEmailAddress(form.email),
        password: form.password,
        vendor_name: form.vendorName.trim(),
        vendor_code: form.vendorCode.trim(),
        phone_number: form.phone,
        terms_accepted: form.termsAccepted,
      },
    });
  };

  if (snapshot.matches('succeeded')) {
    return (
      <Page $narrow>
        <Card>
          <PageTitle>{t('auth.register.success.title')}</PageTitle>
          <p>{t('auth.register.success.body', { email: normaliseEmailAddress(form.email) })}</p>
          <Link to="/connect">{t('auth.login.submit')}</Link>
        </Card>
      </Page>
    );
  }

  const contactForm = (
    <Aside>
      {t('auth.register.contact.prompt')}{' '}
      <a href={country.links.partnerSignUp} target="_blank" rel="noreferrer">
        {t('auth.register.contact.link')}
      </a>
    </Aside>
  );

  if (country.registrationType === 'CONTACT_FORM') {
    return (
      <Page $narrow>
        <Card>
          <PageTitle>{t('auth.register.title')}</PageTitle>
          <p>{t('auth.register.contact.only')}</p>
          {contactForm}
        </Card>
      </Page>
    );
  }

  return (
    <Page $narrow>
      <Card>
        <PageTitle>{t('auth.register.title')}</PageTitle>
        <p>{t('auth.register.intro')}</p>
        {snapshot.context.error && <Notice kind="error">{message(authErrorKey(snapshot.context.error))}</Notice>}
        <Form onSubmit={submit} noValidate>
          <TextField label={t('auth.field.email')} type="email" autoComplete="email" dir="ltr" value={form.email} onValueChange={set('email')} error={error('email')} />
          <TextField label={t('auth.field.business-name')} autoComplete="organization" value={form.vendorName} onValueChange={set('vendorName')} error={error('vendorName')} />
          <TextField
            label={t('auth.field.vendor-code')}
            helperText={t('auth.field.vendor-code.helper')}
            value={form.vendorCode}
            onValueChange={set('vendorCode')}
            error={error('vendorCode')}
          />
          <PhoneInput label={t('auth.field.mobile')} country={country.code} value={form.phone} onValueChange={set('phone')} error={error('phone')} />
          <TextField
            label={t('auth.field.password')}
            type="password"
            autoComplete="new-password"
            helperText={t('auth.field.password.helper')}
            value={form.password}
            onValueChange={set('password')}
            error={error('password')}
          />
          <TextField
            label={t('auth.field.password-confirmation')}
            type="password"
            autoComplete="new-password"
            value={form.confirmation}
            onValueChange={set('confirmation')}
            error={error('confirmation')}
          />
          <Checkbox
            checked={form.termsAccepted}
            onCheckedChange={set('termsAccepted')}
            error={error('termsAccepted')}
            label={
              <>
                {t('auth.register.terms.prefix')} <Link to="/termsandconditions">{t('auth.register.terms.link')}</Link>
              </>
            }
          />
          <Button type="submit" fullWidth loading={snapshot.matches('submitting')}>
            {t('auth.register.submit')}
          </Button>
        </Form>
        {contactForm}
        <Aside>
          {t('auth.register.have-account')} <Link to="/connect">{t('auth.login.submit')}</Link>
        </Aside>
      </Card>
    </Page>
  );
}
