import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient, InvitationBody, MemberChangeBody, PendingInvitation, Team } from '../../../adapters/ports';
import { teamMembersMachine } from '../../../machines/teamMembers';
import type { ToastParams } from '../../../machines/toasts';
import { inspectOptions } from '../../app/inspector';
import { useToasts } from '../../app/toasts/ToastContext';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';

/** The Team page's machine with its effects: the members calls of the API client, the toasts. */
export function provideTeamMembers(api: ApiClient, toast: (params: ToastParams) => void) {
  return teamMembersMachine.provide({
    actions: { toast: (_, params) => toast(params) },
    actors: {
      loadTeam: fromPromise<Team, { vendorId: string }>(({ input }) => api.getTeam(input.vendorId)),
      inviteMember: fromPromise<PendingInvitation, { vendorId: string; invitation: InvitationBody }>(({ input }) => api.inviteMember(input.vendorId, input.invitation)),
      changeMember: fromPromise<true, { vendorId: string; accountId: string; change: MemberChangeBody }>(({ input }) =>
        api.changeMember(input.vendorId, input.accountId, input.change)),
      removeMember: fromPromise<true, { vendorId: string; accountId: string }>(({ input }) => api.removeMember(input.vendorId, input.accountId)),
      resendInvitation: fromPromise<PendingInvitation, { vendorId: string; invitationId: string }>(({ input }) => api.resendInvitation(input.vendorId, input.invitationId)),
      revokeInvitation: fromPromise<true, { vendorId: string; invitationId: string }>(({ input }) => api.revokeInvitation(input.vendorId, input.invitationId)),
    },
  });
}

/** The machine for `vendorId`; a change of the selected vendor is sent to it as `vendor.selected`. */
export function useTeamMembers(vendorId: string) {
  const services = useOrdersServices();
  const { show } = useToasts();
  const machine = useMemo(() => provideTeamMembers(services.api, show), [services.api, show]);
  const actor = useActorRef(machine, { ...inspectOptions(), input: { vendorId } });
  useEffect(() => actor.send({ type: 'vendor.selected', vendorId }), [actor, vendorId]);
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
