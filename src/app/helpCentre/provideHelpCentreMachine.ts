import { fromPromise } from 'xstate';
import { helpCentreMachine } from '../../../machines/helpCentre';
import type { ToastParams } from '../../../machines/toasts';
import type { OpenHelpCentre } from './HelpCentreContext';

/** The help-centre widget machine over the token + init calls and the toast queue. */
export function provideHelpCentreMachine(openHelpCentre: OpenHelpCentre, toast: (params: ToastParams) => void) {
  return helpCentreMachine.provide({
    actors: {
      startHelpCentre: fromPromise<string, { vendorId: string }>(({ input }) => openHelpCentre(input.vendorId)),
    },
    actions: {
      toast: (_, params) => toast(params),
    },
  });
}
