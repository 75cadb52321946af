import * as Dialog from '@radix-ui/react-dialog';
import { useMachine } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { isEmailShaped } from '../../../domain/collectionPoint';
import { isPossiblePhone } from '../../../domain/phone';
import { createSubmitMachine } from '../../../machines/submit';
import { useSession } from '../../app/session/SessionContext';
import { Button } from '../../components/Button';
import { Overlay } from '../../components/ConfirmDialog';
import { Notice } from '../../components/Notice';
import { PhoneInput } from '../../components/PhoneInput';
import { TextField } from '../../components/TextField';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { Form } from '../login/LoginScreen';
import { inspectOptions } from '../../app/inspector';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { DialogPanel } from '../../components/DialogPanel';

interface GuestErrors {
  name?: string;
  email?: string;
  phone?: string;
}

/** 'Continue as guest' (guest checkout flag): the sender's name, email and phone start a guest session.
 * `label` renames the trigger, e.g. when the landing's 'Request a rider' starts the guest flow. */
export function GuestStart({ countryCode, label }: { countryCode: string; label?: string }) {
  const t = useT();
  const message = useMessage();
  const session = useSession();
  const machine = useMemo(() => createSubmitMachine(session.startGuest, 'error.offline'), [session.startGuest]);
  const [snapshot, send] = useMachine(machine, inspectOptions());
  const [open, setOpen] = useState(false);
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
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <GuestButton type="button">{label ?? t('landing.hero.guest')}</GuestButton>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Overlay />
        <Content $width={480}>
          <Header>
            <Dialog.Title>{t('guest.title')}</Dialog.Title>
            <DialogCloseButton label={t('common.close')} />
          </Header>
          <Dialog.Description>{t('guest.intro')}</Dialog.Description>
          {snapshot.context.error && <Notice kind="error">{message(snapshot.context.error)}</Notice>}
          <Form onSubmit={submit} noValidate>
            <TextField label={t('guest.field.name')} autoComplete="name" value={name} onValueChange={setName} error={errors.name ? t(errors.name) : null} />
            <TextField label={t('auth.field.email')} type="email" dir="ltr" autoComplete="email" value={email} onValueChange={setEmail} error={errors.email ? t(errors.email) : null} />
            <PhoneInput label={t('auth.field.mobile')} country={countryCode} value={phone} onValueChange={setPhone} error={errors.phone ? t(errors.phone) : null} />
            <Button type="submit" fullWidth loading={snapshot.matches('submitting')}>
              {t('guest.submit')}
            </Button>
          </Form>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const GuestButton = styled.button`
  min-height: 48px;
  padding: 0 ${tokens.space(6)};
  border-radius: ${tokens.radius.pill};
  border: 2px solid currentColor;
  background: transparent;
  color: inherit;
  font-weight: 700;
  cursor: pointer;
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${tokens.space(2)};
  margin-bottom: ${tokens.space(2)};
`;

const Content = styled(DialogPanel)`
  h2 { font-size: 1.25rem; margin: 0; padding-top: ${tokens.space(2)}; }
  > p { margin: 0 0 ${tokens.space(4)}; color: ${({ theme }) => theme.colors.textMuted}; }
`;
