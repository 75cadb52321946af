import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { isValidResetCode, passwordFieldErrors } from '../../../domain/account';
import { authErrorKey } from '../../../domain/authErrors';
import { emailFieldError, normaliseEmailAddress } from '../../../domain/email';
import { useAccountActions } from '../../app/account/AccountContext';
import { createSubmitMachine } from '../../../machines/submit';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { Card, Page, PageTitle } from '../../components/Page';
import { TextField } from '../../components/TextField';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { Aside, Form } from '../login/LoginScreen';
import { inspectOptions } from '../../app/inspector';

interface ResetErrors {
  code?: string;
  password?: string;
  confirmation?: string;
}

/** /forgot-password: request a code by email, then the 6-digit code, a new password and its confirmation. */
export function ForgotPasswordScreen() {
  const t = useT();
  const message = useMessage();
  const actions = useAccountActions();
  const requestMachine = useMemo(() => createSubmitMachine(actions.requestPasswordReset, 'error.offline'), [actions]);
  const resetMachine = useMemo(
    () => createSubmitMachine((input: { email: string; code: string; password: string }) => actions.resetPassword(input.email, input.code, input.password), 'error.offline'),
    [actions],
  );
  const [requestState, sendRequest] = useMachine(requestMachine, inspectOptions());
  const [resetState, sendReset] = useMachine(resetMachine, inspectOptions());
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<ResetErrors>({});

  const requestCode = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailFieldError(email);
    setEmailError(problem);
    if (!problem) sendRequest({ type: 'submit', input: normaliseEmailAddress(email) });
  };

  const reset = (event: FormEvent) => {
    event.preventDefault();
    const found: ResetErrors = {};
    if (!isValidResetCode(code)) found.code = 'validation.reset-code';
    Object.assign(found, passwordFieldErrors(password, confirmation));
    setErrors(found);
    if (Object.keys(found).length === 0) sendReset({ type: 'submit', input: { email: normaliseEmailAddress(email), code, password } });
  };

  if (resetState.matches('succeeded')) {
    return (
      <Page $narrow>
        <Card>
          <PageTitle>{t('auth.reset.done.title')}</PageTitle>
          <p>{t('auth.reset.done.body')}</p>
          <Link to="/connect">{t('auth.login.submit')}</Link>
        </Card>
      </Page>
    );
  }

  if (requestState.matches('succeeded')) {
    return (
      <Page $narrow>
        <Card>
          <PageTitle>{t('auth.reset.title')}</PageTitle>
          <Notice kind="info">{t('auth.reset.code-sent', { email: normaliseEmailAddress(email) })}</Notice>
          {resetState.context.error && <Notice kind="error">{message(authErrorKey(resetState.context.error))}</Notice>}
          <Form onSubmit={reset} noValidate>
            <TextField
              label={t('auth.field.reset-code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              dir="ltr"
              value={code}
              onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
              error={errors.code ? t(errors.code) : null}
            />
            <TextField
              label={t('auth.field.new-password')}
              type="password"
              autoComplete="new-password"
              helperText={t('auth.field.password.helper')}
              value={password}
              onValueChange={setPassword}
              error={errors.password ? t(errors.password) : null}
            />
            <TextField
              label={t('auth.field.password-confirmation')}
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onValueChange={setConfirmation}
              error={errors.confirmation ? t(errors.confirmation) : null}
            />
            <Button type="submit" fullWidth loading={resetState.matches('submitting')}>
              {t('auth.reset.submit')}
            </Button>
          </Form>
          <Aside>
            <button type="button" className="link-button" onClick={() => sendRequest({ type: 'reset' })}>
              {t('auth.reset.send-again')}
            </button>
          </Aside>
        </Card>
      </Page>
    );
  }

  return (
    <Page $narrow>
      <Card>
        <PageTitle>{t('auth.forgot.title')}</PageTitle>
        <p>{t('auth.forgot.intro')}</p>
        {requestState.context.error && <Notice kind="error">{message(authErrorKey(requestState.context.error))}</Notice>}
        <Form onSubmit={requestCode} noValidate>
          <TextField label={t('auth.field.email')} type="email" autoComplete="email" dir="ltr" value={email} onValueChange={setEmail} error={emailError ? t(emailError) : null} />
          <Button type="submit" fullWidth loading={requestState.matches('submitting')}>
            {t('auth.forgot.submit')}
          </Button>
        </Form>
        <Aside>
          <Link to="/connect">{t('auth.forgot.back')}</Link>
        </Aside>
      </Card>
    </Page>
  );
}
