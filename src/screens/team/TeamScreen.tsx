import { useState } from 'react';
import styled from 'styled-components';
import type { Member, PendingInvitation } from '../../../adapters/ports';
import { changeLeavesNoOwner, ROLES, type TeamMemberChange } from '../../../domain/teams';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { Notice } from '../../components/Notice';
import { Card, Page, PageTitle } from '../../components/Page';
import { RowActions } from '../../components/RowActions';
import { Select } from '../../components/Select';
import { formatDateTime } from '../../i18n/format';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { useCountry } from '../../shell/useCountry';
import { tokens } from '../../theme/theme';
import { ListStatus } from '../developers/developerParts';
import { InviteDialog } from './InviteDialog';
import { useTeamMembers } from './useTeamMembers';

/** A status change or a removal waiting for the owner's confirmation. */
interface Confirming {
  member: Member;
  change: Exclude<TeamMemberChange, { role: unknown }>;
}

const LAST_OWNER = 'team.error.last-owner';

/** Settings → Team: the selected vendor's members (its outlets' too) with their role and status, the
 * pending invitations, and an invite dialog. The last active owner's controls are disabled, with why. */
export function TeamScreen() {
  const t = useT();
  const { vendors, selected } = useVendors();
  const vendorId = selected?.vendor_id ?? vendors[0]?.vendor_id ?? '';
  return (
    <Page>
      <PageTitle>{t('team.title')}</PageTitle>
      <Intro>{t('team.intro')}</Intro>
      {vendorId ? <Team vendorId={vendorId} /> : <p>{t('common.loading')}</p>}
    </Page>
  );
}

function Team({ vendorId: chosen }: { vendorId: string }) {
  const t = useT();
  const { actor, snapshot } = useTeamMembers(chosen);
  const { members, invitations, inviteError, invited, resent, vendorId } = snapshot.context;
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [withdrawing, setWithdrawing] = useState<PendingInvitation | null>(null);
  const busy = snapshot.matches('changing') || snapshot.matches('removing');
  const invitationBusy = snapshot.matches('resendingInvitation') || snapshot.matches('revokingInvitation');
  const lastOwner = (member: Member, change: TeamMemberChange) => changeLeavesNoOwner(members, vendorId, member, change);
  const loaded = !snapshot.matches('loading') && !snapshot.matches('failed');
  return (
    <>
      {invited && !inviting && <Notice kind="success">{t('team.invite.sent', { email: invited })}</Notice>}
      {resent && <Notice kind="success">{t('team.invitation.resent', { email: resent })}</Notice>}
      <Card aria-labelledby="team-members-heading" aria-busy={snapshot.matches('loading') || busy || undefined}>
        <Heading>
          <h2 id="team-members-heading">{t('team.members')}</h2>
          <Button
            onClick={() => {
              actor.send({ type: 'invite.started' });
              setInviting(true);
            }}
            disabled={!loaded}
          >
            {t('team.invite')}
          </Button>
        </Heading>
        <ListStatus
          loading={snapshot.matches('loading')}
          failed={snapshot.matches('failed')}
          empty={members.length === 0}
          failedText={t('team.load-failed')}
          emptyText={t('team.empty')}
          onRetry={() => actor.send({ type: 'retry.requested' })}
        />
        {loaded && members.length > 0 && (
          <MemberTable
            members={members}
            busy={busy}
            lastOwner={lastOwner}
            onRole={(member, role) => actor.send({ type: 'member.changed', member, change: { role } })}
            onConfirm={setConfirming}
          />
        )}
      </Card>
      {loaded && invitations.length > 0 && (
        <Invitations
          invitations={invitations}
          busy={invitationBusy}
          onResend={(invitation) => actor.send({ type: 'invitation.resend.requested', invitation })}
          onWithdraw={setWithdrawing}
        />
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('team.invitation.revoke.title', { email: withdrawing?.email ?? '' })}
        description={t('team.invitation.revoke.description')}
        cancelLabel={t('common.cancel')}
        submitLabel={t('team.invitation.revoke')}
        destructive
        onCancel={() => setWithdrawing(null)}
        onSubmit={() => {
          if (withdrawing) actor.send({ type: 'invitation.revoke.requested', invitation: withdrawing });
          setWithdrawing(null);
        }}
      />
      <InviteDialog
        open={inviting}
        sending={snapshot.matches('inviting')}
        sent={invited}
        error={inviteError}
        onInvite={(invitation) => actor.send({ type: 'invite.submitted', invitation })}
        onClose={() => setInviting(false)}
      />
      <ConfirmChange confirming={confirming} onConfirm={(member, change) => actor.send({ type: 'member.changed', member, change })} onClose={() => setConfirming(null)} />
    </>
  );
}

function MemberTable({ members, busy, lastOwner, onRole, onConfirm }: {
  members: readonly Member[];
  busy: boolean;
  lastOwner: (member: Member, change: TeamMemberChange) => boolean;
  onRole: (member: Member, role: Member['role']) => void;
  onConfirm: (confirming: Confirming) => void;
}) {
  const t = useT();
  const message = useMessage();
  const { vendors } = useVendors();
  const vendorName = (id: string) => vendors.find((vendor) => vendor.vendor_id === id)?.name ?? id;
  const roleOptions = ROLES.map((role) => ({ value: role, label: t(`team.role.${role}`) }));
  return (
    <DataTable>
      <thead>
        <tr>
          <th scope="col">{t('team.member')}</th>
          <th scope="col">{t('team.branch')}</th>
          <th scope="col">{t('team.role')}</th>
          <th scope="col">{t('team.status')}</th>
          <th scope="col"><span className="visually-hidden">{t('team.actions')}</span></th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => {
          const key = `${member.account_id}-${member.vendor_id}`;
          const suspended = member.status === 'suspended';
          const statusChange = { status: suspended ? 'active' : 'suspended' } as const;
          // The only active owner: every control that would leave no owner is disabled, with the reason.
          const isLastOwner = member.role === 'owner' && lastOwner(member, 'remove');
          return (
            <tr key={key} data-testid="team-member-row">
              <th scope="row" id={`member-${key}`}><bdi>{member.email}</bdi></th>
              <td data-label={t('team.branch')}><bdi>{vendorName(member.vendor_id)}</bdi></td>
              <RoleCell data-label={t('team.role')}>
                <Select
                  label={t('team.role-of', { email: member.email })}
                  hideLabel
                  value={member.role}
                  options={roleOptions}
                  disabled={busy || isLastOwner}
                  onValueChange={(role) => {
                    const chosen = ROLES.find((known) => known === role);
                    if (chosen && chosen !== member.role) onRole(member, chosen);
                  }}
                />
              </RoleCell>
              <td data-label={t('team.status')}>{t(suspended ? 'team.status.suspended' : 'team.status.active')}</td>
              <td>
                <RowActions
                  rowHeaderId={`member-${key}`}
                  actions={[
                    { id: `status-${key}`, label: t(suspended ? 'team.reactivate' : 'team.suspend'), disabled: busy || lastOwner(member, statusChange), onClick: () => onConfirm({ member, change: statusChange }) },
                    { id: `remove-${key}`, label: t('team.remove'), disabled: busy || isLastOwner, onClick: () => onConfirm({ member, change: 'remove' }) },
                  ]}
                />
                {isLastOwner && <Reason data-testid="last-owner-reason">{message(LAST_OWNER)}</Reason>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

function Invitations({ invitations, busy, onResend, onWithdraw }: {
  invitations: readonly PendingInvitation[];
  busy: boolean;
  onResend: (invitation: PendingInvitation) => void;
  onWithdraw: (invitation: PendingInvitation) => void;
}) {
  const t = useT();
  const { locale } = usePreferences();
  const { timeZone } = useCountry();
  return (
    <Card aria-labelledby="team-invitations-heading" aria-busy={busy || undefined}>
      <h2 id="team-invitations-heading">{t('team.invitations')}</h2>
      <DataTable>
        <thead>
          <tr>
            <th scope="col">{t('team.member')}</th>
            <th scope="col">{t('team.role')}</th>
            <th scope="col">{t('team.invited-by')}</th>
            <th scope="col">{t('team.expires')}</th>
            <th scope="col"><span className="visually-hidden">{t('team.actions')}</span></th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.invitation_id} data-testid="team-invitation-row">
              <th scope="row" id={`invitation-${invitation.invitation_id}`}><bdi>{invitation.email}</bdi></th>
              <td data-label={t('team.role')}>{t(`team.role.${invitation.role}`)}</td>
              <td data-label={t('team.invited-by')}><bdi>{invitation.invited_by}</bdi></td>
              <td data-label={t('team.expires')}>{formatDateTime(invitation.expires_at, { locale, timeZone })}</td>
              <td>
                <RowActions
                  rowHeaderId={`invitation-${invitation.invitation_id}`}
                  actions={[
                    { id: `resend-${invitation.invitation_id}`, label: t('team.invitation.resend'), disabled: busy, onClick: () => onResend(invitation) },
                    { id: `withdraw-${invitation.invitation_id}`, label: t('team.invitation.revoke'), disabled: busy, onClick: () => onWithdraw(invitation) },
                  ]}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </Card>
  );
}

const CONFIRM_TEXTS = {
  suspended: { title: 'team.suspend.title', description: 'team.suspend.description', submit: 'team.suspend' },
  active: { title: 'team.reactivate.title', description: 'team.reactivate.description', submit: 'team.reactivate' },
  remove: { title: 'team.remove.title', description: 'team.remove.description', submit: 'team.remove' },
} as const;

/** Asks before a suspension, a reactivation or a removal; the machine does it once confirmed. */
function ConfirmChange({ confirming, onConfirm, onClose }: {
  confirming: Confirming | null;
  onConfirm: (member: Member, change: Confirming['change']) => void;
  onClose: () => void;
}) {
  const t = useT();
  const texts = CONFIRM_TEXTS[confirming === null || confirming.change === 'remove' ? 'remove' : confirming.change.status];
  const email = confirming?.member.email ?? '';
  return (
    <ConfirmDialog
      open={confirming !== null}
      title={t(texts.title, { email })}
      description={t(texts.description)}
      cancelLabel={t('common.cancel')}
      submitLabel={t(texts.submit)}
      destructive={confirming?.change === 'remove' || (typeof confirming?.change === 'object' && confirming.change.status === 'suspended')}
      onCancel={onClose}
      onSubmit={() => {
        if (confirming) onConfirm(confirming.member, confirming.change);
        onClose();
      }}
    />
  );
}

const Intro = styled.p`
  margin-bottom: ${tokens.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(2)};
  margin-bottom: ${tokens.space(3)};
  h2 { margin: 0; }
`;

// Between a phone and a desktop the table scrolls sideways rather than squeezing the role select until its value is hidden.
const RoleCell = styled.td`
  min-width: 9rem;
  @media (max-width: ${tokens.smallScreen}) { min-width: 0; }
`;

const Reason = styled.p`
  margin: ${tokens.space(1)} 0 0;
  max-width: 32ch;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;
