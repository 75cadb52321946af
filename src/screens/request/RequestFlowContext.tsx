import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { FlagReader } from '../../app/flags/flagReader';
import type { Vendor } from '../../../domain/types';
import type { requestRiderMachine } from '../../../machines';
import type { RequestEffects, RequestServices } from './requestMachineProvider';

export type RequestRiderActor = ActorRefFrom<typeof requestRiderMachine>;

/** What every part of the request screen shares: the flow's actor and the settings it runs under. */
export interface RequestFlow {
  actor: RequestRiderActor;
  services: RequestServices;
  effects: RequestEffects;
  vendor: Vendor;
  isGuest: boolean;
  /** The vendor's country: its phone plan, currency, time zone and rules apply. */
  countryCode: string;
  currency: string;
  timeZone: string;
  locale: string;
  flags: FlagReader;
}

export const RequestFlowContext = createContext<RequestFlow | null>(null);

export function useRequestFlow(): RequestFlow {
  const flow = useContext(RequestFlowContext);
  if (!flow) throw new Error('useRequestFlow outside RequestFlowContext');
  return flow;
}
