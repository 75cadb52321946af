import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { InvitationBody } from '../../../adapters/ports';
import { isRole, ROLES, type Role } from '../../../domain/teams';
import { Button } from '../../components/Button';
import { Overlay } from '../../components/ConfirmDialog';
import { DialogActions } from '../../components/DialogActions';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { DialogPanel } from '../../components/DialogPanel';
import { Notice } from '../../components/Notice';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { useReturnFocus } from '../../components/useReturnFocus';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

/**
 * The invite dialog: an e-mail address and a role. It closes once the invitation went out (`sent`
 * turns to the address while it is open); a refusal (`error`, a translation key: not an address,
 * already a member) is shown inside it, beside the form the owner can correct.
 */
export function InviteDialog({ open, sending, sent, error, onInvite, onClose }: {
  open: boolean;
  sending: boolean;
  sent: string | null;
  error: string | null;
  onInvite: (invitation: InvitationBody) => void;
  onClose: () => void;
}) {
  const t = useT();
  const message = useMessage();
  const returnFocus = useReturnFocus(open);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('dispatcher');
  useEffect(() => {
    if (open && sent !== null) {
      setEmail('');
      onClose();
    }
  }, [open, sent, onClose]);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !sending && onClose()}>
      <Dialog.Portal>
        <Overlay />
        <Panel $width={480} onCloseAutoFocus={returnFocus}>
          <Header>
            <Dialog.Title>{t('team.invite.title')}</Dialog.Title>
            <DialogCloseButton label={t('common.close')} />
          </Header>
          <Dialog.Description>{t('team.invite.description')}</Dialog.Description>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onInvite({ email_address: email, role });
            }}
          >
            <Fields>
              <TextField label={t('team.invite.email')} type="email" autoComplete="off" value={email} onValueChange={setEmail} maxLength={254} required />
              <Select
                label={t('team.role')}
                value={role}
                options={ROLES.map((known) => ({ value: known, label: t(`team.role.${known}`) }))}
                onValueChange={(value) => isRole(value) && setRole(value)}
              />
              {error && <Notice kind="error">{message(error)}</Notice>}
            </Fields>
            <DialogActions>
              <Button variant="secondary" onClick={onClose} disabled={sending}>{t('common.cancel')}</Button>
              <Button type="submit" loading={sending}>{t('team.invite.send')}</Button>
            </DialogActions>
          </form>
        </Panel>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Panel = styled(DialogPanel)`
  h2 { font-size: 1.2rem; margin: 0; }
  p { margin: 0 0 ${tokens.space(4)}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(2)};
  margin-bottom: ${tokens.space(2)};
`;

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
`;
