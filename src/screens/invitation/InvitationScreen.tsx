import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import type { InvitationView, LoginResult } from '../../../adapters/ports';
import { passwordFieldErrors } from '../../../domain/account';
import { authErrorKey } from '../../../domain/authErrors';
import { invitationMachine } from '../../../machines/invitation';
import { useAccountActions } from '../../app/account/AccountContext';
import { inspectOptions } from '../../app/inspector';
import { useSession } from '../../app/session/SessionContext';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { Card, Page, PageTitle } from '../../components/Page';
import { TextField } from '../../components/TextField';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { Aside, Form } from '../login/LoginScreen';

interface PasswordErrors {
  password?: string;
  confirmation?: string;
}

/**
 * /invitation?token=: the page the team invitation e-mail links to (server/teams/README.md). It says
 * which vendor and role the invitation is for, takes a new account's password (or the existing
 * account's), signs in with the accept's answer and goes to the first page the role allows.
 */
export function InvitationScreen() {
  const t = useT();
  const message = useMessage();
  const { token } = useSearch({ from: '/public/invitation' });
  const actions = useAccountActions();
  const session = useSession();
  const navigate = useNavigate();
  // The machine is made once per page; its effects reach the current session and router through this.
  const app = useRef({ session, navigate });
  app.current = { session, navigate };
  const machine = useMemo(
    () =>
      invitationMachine.provide({
        actors: {
          // A link cut short before its token is as unusable as an unknown one: nothing to ask the server.
          loadInvitation: fromPromise<InvitationView, { token: string }>(({ input }) =>
            input.token === '' ? Promise.reject(new Error('team.error.invitation-invalid')) : actions.getInvitation(input.token)),
          acceptInvitation: fromPromise<LoginResult, { token: string; password: string }>(({ input }) => actions.acceptInvitation(input.token, input.password)),
        },
        actions: {
          signIn: (_, { session: answer }) => app.current.session.adoptLogin(answer),
          // `/` sends a signed-in user to the first section its role allows (src/app/access.ts).
          goToLanding: () => void app.current.navigate({ to: '/' }),
        },
      }),
    [actions],
  );
  const [state, send] = useMachine(machine, { ...inspectOptions(), input: { token: token ?? '' } });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const { invitation, errorKey } = state.context;

  if (state.matches('unusable')) {
    return (
      <Page $narrow>
        <Card>
          <PageTitle>{t('invitation.unusable.title')}</PageTitle>
          <Notice kind="warning">{message(errorKey ?? 'team.error.invitation-invalid')}</Notice>
          <Aside>
            <Link to="/">{t('not-found.home')}</Link>
          </Aside>
        </Card>
      </Page>
    );
  }

  if (state.matches('failed')) {
    return (
      <Page $narrow>
        <Card>
          <Notice kind="error">{message(errorKey ?? 'error.offline')}</Notice>
          <Button type="button" onClick={() => send({ type: 'retry' })}>
            {t('common.retry')}
          </Button>
        </Card>
      </Page>
    );
  }

  if (!invitation) {
    return (
      <Page $narrow>
        <Card aria-busy="true">{t('common.loading')}</Card>
      </Page>
    );
  }

  const accept = (event: FormEvent) => {
    event.preventDefault();
    // A new account's password follows the sign-up rules; an existing account's only needs typing.
    const found: PasswordErrors = invitation.has_account
      ? password === '' ? { password: 'validation.fill-password' } : {}
      : passwordFieldErrors(password, confirmation);
    setErrors(found);
    if (Object.keys(found).length === 0) send({ type: 'accept', password });
  };

  return (
    <Page $narrow>
      <Card>
        <PageTitle>{t('invitation.title', { vendorName: invitation.vendor_name })}</PageTitle>
        <p>{t('invitation.details', { email: invitation.email, role: t(`team.role.${invitation.role}`) })}</p>
        <p>{t(invitation.has_account ? 'invitation.existing-account' : 'invitation.new-account')}</p>
        {errorKey && <Notice kind="error">{message(authErrorKey(errorKey))}</Notice>}
        <Form onSubmit={accept} noValidate>
          <TextField
            label={t('auth.field.password')}
            type="password"
            autoComplete={invitation.has_account ? 'current-password' : 'new-password'}
            helperText={invitation.has_account ? undefined : t('auth.field.password.helper')}
            value={password}
            onValueChange={setPassword}
            error={errors.password ? t(errors.password) : null}
          />
          {!invitation.has_account && (
            <TextField
              label={t('auth.field.password-confirmation')}
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onValueChange={setConfirmation}
              error={errors.confirmation ? t(errors.confirmation) : null}
            />
          )}
          <Button type="submit" fullWidth loading={state.matches('accepting') || state.matches('joined')}>
            {t('invitation.accept')}
          </Button>
        </Form>
      </Card>
    </Page>
  );
}
