import { Link, useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { emailFieldError, normaliseEmailAddress } from '../../../domain/email';
import { useAccountActions } from '../../app/account/AccountContext';
import { createSubmitMachine } from '../../../machines/submit';
import { inspectOptions } from '../../app/inspector';
import { isOn, useFlags } from '../../app/flags/FlagsContext';
import { useSession } from '../../app/session/SessionContext';
import { Button } from '../../components/Button';
import { Card, Page, PageTitle } from '../../components/Page';
import { TextField } from '../../components/TextField';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { Notice } from '../../components/Notice';

interface LoginErrors {
  email?: string;
  password?: string;
}

function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  const emailError = emailFieldError(email);
  if (emailError) errors.email = emailError;
  if (password === '') errors.password = 'validation.fill-password';
  return errors;
}

/** The server's answer to the right password of an address that waits for its verification (API.md). */
const USER_NOT_CONFIRMED = 'UserNotConfirmedException';

/**
 * /connect: email and password against the server; the session machine toasts 'auth.{error}' on
 * failure. An unverified address also gets the explanation on the screen and a way to have the
 * verification link sent again.
 */
export function LoginScreen() {
  const t = useT();
  const session = useSession();
  const flags = useFlags();
  const { verified } = useSearch({ from: '/public/connect' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const actions = useAccountActions();
  const resendMachine = useMemo(() => createSubmitMachine(actions.resendVerification, 'error.offline'), [actions]);
  const [resendState, sendResend] = useMachine(resendMachine, inspectOptions());
  const [submittedEmail, setSubmittedEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(email, password);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      const address = normaliseEmailAddress(email);
      setSubmittedEmail(address);
      session.login(address, password);
    }
  };
  const unconfirmed = session.loginError === USER_NOT_CONFIRMED && submittedEmail !== '';

  return (
    <Page $narrow>
      <Card>
        <PageTitle>{t('auth.login.title')}</PageTitle>
        {verified === '1' && <Notice kind="success">{t('auth.verify.success')}</Notice>}
        {verified === 'expired' && <Notice kind="warning">{t('auth.verify.expired')}</Notice>}
        {unconfirmed && (
          <Notice kind="warning">
            <p>{t('auth.UserNotConfirmedException')}</p>
            {resendState.matches('succeeded') ? (
              <p>{t('auth.login.verification-resent', { email: submittedEmail })}</p>
            ) : (
              <Button
                type="button"
                variant="secondary"
                loading={resendState.matches('submitting')}
                onClick={() => sendResend({ type: 'submit', input: submittedEmail })}
              >
                {t('auth.login.resend-verification')}
              </Button>
            )}
            {resendState.context.error && <p>{t(resendState.context.error)}</p>}
          </Notice>
        )}
        <Form onSubmit={submit} noValidate>
          <TextField
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            dir="ltr"
            value={email}
            onValueChange={setEmail}
            error={errors.email ? t(errors.email) : null}
          />
          <TextField
            label={t('auth.field.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            error={errors.password ? t(errors.password) : null}
          />
          <ForgotLink to="/forgot-password">{t('auth.login.forgot-password')}</ForgotLink>
          <Button type="submit" fullWidth loading={session.status === 'signingIn'}>
            {t('auth.login.submit')}
          </Button>
        </Form>
        {!isOn(flags, 'DeactivateSignUpButton') && (
          <Aside>
            {t('auth.login.no-account')} <Link to="/register">{t('auth.register.title')}</Link>
          </Aside>
        )}
      </Card>
    </Page>
  );
}

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
`;

const ForgotLink = styled(Link)`
  align-self: flex-start;
  font-size: 0.9rem;
`;

export const Aside = styled.p`
  margin: ${tokens.space(5)} 0 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;
